import type { ApiIssue, ErrorCode } from '@caderneta/shared';

/** An error the API answers as `{ code, message, issues?, details? }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string = code,
    readonly issues?: ApiIssue[],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Registro') => new AppError('NOT_FOUND', 404, `${what} não encontrado`);
