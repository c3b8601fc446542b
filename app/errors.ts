// Domain errors: what went wrong, in the domain's words, without knowing how it is answered. Domain modules
// throw an AppError; the edge (app/http/app-error.server.ts) turns it into the JSON error, a toast or a redirect.

export type AppErrorKind =
  /** The input breaks a rule: a missing field, a bad value. */
  | "invalid"
  /** Nobody is signed in, or the credentials are wrong. */
  | "unauthorized"
  /** The caller is known but may not do this (role, another site, a disabled account). */
  | "forbidden"
  | "not-found"
  /** The change clashes with what is stored (a duplicate, the last admin). */
  | "conflict"
  /** Well-formed input that cannot be acted on (a page whose details cannot be extracted). */
  | "unprocessable"
  | "rate-limited"
  | "unavailable"
  /** A job or step ran and failed: the message says what failed. */
  | "failed";

export type AppErrorDetails = {
  /** How long a rate-limited caller should wait, in whole seconds. */
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly details: AppErrorDetails;

  /** `options.cause`: the error this one was raised from, for `hasCause` and the logs. */
  constructor(kind: AppErrorKind, message: string, details: AppErrorDetails = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = "AppError";
    this.kind = kind;
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** True when the error, or an error it was raised from (its `cause`, at any depth), is a `type`. */
export function hasCause(error: unknown, type: abstract new (...args: never[]) => Error): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth++) {
    if (current instanceof type) return true;
    current = (current as Error).cause;
  }
  return false;
}
