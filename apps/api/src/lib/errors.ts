import type { ApiIssue, ErrorCode, ErrorDetails } from '@caderneta/shared';

export interface AppErrorOptions<C extends ErrorCode> {
  /** A sentence for callers other than the web (which translates the code); defaults to the code. */
  message?: string;
  /** What the screen needs to explain the error; typed per code in packages/shared (`ErrorDetailsByCode`). */
  details?: ErrorDetails<C>;
  issues?: ApiIssue[];
}

/** An error the API answers as `{ code, message, issues?, details? }` with `status`. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly details?: ErrorDetails<C>;
  readonly issues?: ApiIssue[];

  constructor(
    readonly code: C,
    readonly status: number,
    { message = code, details, issues }: AppErrorOptions<C> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.details = details;
    this.issues = issues;
  }
}

export const notFound = (what = 'Registro') => new AppError('NOT_FOUND', 404, { message: `${what} não encontrado` });
