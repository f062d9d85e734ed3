import type { ApiErrorBody, ApiIssue, ErrorCode, ErrorDetails } from '@caderneta/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { i18n, translateDynamic } from './i18n';
import { avisarResposta } from './use-online';

/**
 * An error answer from the API, or `NETWORK` (status 0) when no answer arrived. Narrowed by
 * `isApiError(error, 'LIMITE_EXCEDIDO')`, `details` has that code's type (`ErrorDetailsByCode`).
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  readonly code: C;
  readonly issues: ApiIssue[];
  readonly details: ErrorDetails<C> | undefined;

  constructor(status: number, body: ApiErrorBody & { code: C }) {
    super(body.message || body.code);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.issues = body.issues ?? [];
    // The server sends each code's details as packages/shared types them (AppError enforces it).
    this.details = body.details as ErrorDetails<C> | undefined;
  }
}

export function isApiError<C extends ErrorCode = ErrorCode>(error: unknown, code?: C): error is ApiError<C> {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

function toErrorBody(status: number, data: unknown): ApiErrorBody {
  if (data && typeof data === 'object' && typeof (data as ApiErrorBody).code === 'string') {
    const body = data as ApiErrorBody;
    return { ...body, message: typeof body.message === 'string' ? body.message : '' };
  }
  // A proxy page or an empty body: the status is all we know.
  return { code: CODE_BY_STATUS[status] ?? 'INTERNAL', message: '' };
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** JSON over fetch against our own API (cookies travel same-origin). Throws ApiError. */
export async function api<T>(path: string, { method = 'GET', body, signal }: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    avisarResposta(false);
    throw new ApiError(0, { code: 'NETWORK', message: error instanceof Error ? error.message : '' });
  }
  avisarResposta(true);

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined; // Not JSON (e.g. a proxy error page); handled by status below.
    }
  }
  if (!response.ok) throw new ApiError(response.status, toErrorBody(response.status, data));
  return data as T;
}

/** The translated sentence for an error: `errors:<code>`, else the server's text, else generic. */
export function errorMessage(error: unknown): string {
  const generic = i18n.t('errors:UNEXPECTED');
  if (!(error instanceof ApiError)) return generic;
  // `details` fill the message's placeholders, e.g. {{disponivel}} units left.
  return translateDynamic(`errors:${error.code}`, error.message || generic, error.details);
}

let sessionDialogHosts = 0;

/**
 * The signed-in app is on screen (routes/protected.tsx): when its session ends, the "Sua sessão
 * expirou" dialog comes over the page. Returns what to call when the app goes.
 */
export function hostSessionDialog(): () => void {
  sessionDialogHosts += 1;
  return () => {
    sessionDialogHosts -= 1;
  };
}

/**
 * A load or a save refused because the session ended (expired, or signed out in another tab) under
 * the signed-in app. The sign-in dialog over the page says so, and the seller loads or saves again
 * once back: no "Erro ao carregar" toast for each query behind it, nor a "Sessão expirada" one for
 * the save. Without that dialog (the sign-in page, the customer portal) the toast stays.
 */
export function sessionEnded(error: unknown): boolean {
  return isApiError(error, 'UNAUTHENTICATED') && sessionDialogHosts > 0;
}

/** Shows an error toast whose title is `titleKey` and whose text explains the error. */
export function toastError(error: unknown, titleKey: string): void {
  toastApiError(error, translateDynamic(titleKey, titleKey));
}

/** Shows an error toast with an already translated title; the text explains the error. */
export function toastApiError(error: unknown, title: string): void {
  if (sessionEnded(error)) return;
  if (!(error instanceof ApiError)) console.error(error);
  toast.error(title, { description: errorMessage(error) });
}

/**
 * Puts the server's field issues on the form's fields. Returns true when at least one issue
 * matched a field of this form.
 */
export function applyIssuesToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((f) => f === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message });
    applied = true;
  }
  return applied;
}
