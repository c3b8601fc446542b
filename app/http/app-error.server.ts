// The one place a domain error (app/errors.ts) becomes an HTTP answer: its kind picks the status, its message
// is the JSON `{ message }` (or the toast a page action shows), a rate limit adds Retry-After.
import { AppError, type AppErrorKind } from "../errors";
import { jsonError } from "./responses.server";

const STATUS: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  unprocessable: 422,
  "rate-limited": 429,
  failed: 500,
  unavailable: 503,
};

export function appErrorStatus(error: AppError) {
  return STATUS[error.kind];
}

/** The JSON error answer for a domain error. */
export function appErrorResponse(error: AppError) {
  const { retryAfterSeconds } = error.details;
  return jsonError(appErrorStatus(error), error.message, retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined);
}

/**
 * Wraps a loader or action: a domain error it throws leaves as the thrown JSON answer, as a thrown Response
 * does (Remix's `handleError` cannot turn a thrown error into a 4xx answer, so it is caught here).
 */
export function withAppErrors<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof AppError) throw appErrorResponse(error);
      throw error;
    }
  };
}

/**
 * What a refusal says, for the page actions that show it as a toast: a domain error, or a thrown JSON error
 * Response (an edge check such as a body of the wrong media type); undefined for anything else (a bug).
 */
export async function refusalOf(error: unknown): Promise<{ status: number; message: string } | undefined> {
  if (error instanceof AppError) return { status: appErrorStatus(error), message: error.message };
  if (!(error instanceof Response) || error.ok) return undefined;
  try {
    const body = (await error.clone().json()) as { message?: unknown };
    return { status: error.status, message: typeof body.message === "string" ? body.message : error.statusText };
  } catch {
    return { status: error.status, message: error.statusText || `HTTP ${error.status}` };
  }
}
