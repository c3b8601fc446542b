// The /api routes that run a shared operation: method check, caller and role, JSON body, then the operation;
// a refusal (an AppError, or a JSON error from the body checks) is the JSON `{ message }`, anything else a 500.
import type { Input, Operation } from "../admin/operations.server";
import { requireUser } from "../auth/guard.server";
import { assertSameOrigin } from "../auth/same-origin.server";
import { AppError } from "../errors";
import { appErrorResponse } from "./app-error.server";
import { readJsonBody } from "./input.server";
import { jsonError, methodNotAllowed, secureJson } from "./responses.server";

export function apiJson(data: unknown, status = 200, headers?: HeadersInit) {
  const response = secureJson(data, { status, headers });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** Answers an admin /api call by running the operation; every failure is a JSON `{ message }`. */
export async function apiOperation<R>(request: Request, method: string, op: Operation<R>, params: Input = {}) {
  if (request.method.toUpperCase() !== method) return methodNotAllowed(method, `Use ${method} for this endpoint.`);
  try {
    const user = await requireUser(request, op.role);
    const body = method === "GET" ? {} : await readJsonBody(request);
    const result = await op.run({ ...body, ...params }, user);
    const status = typeof op.status === "function" ? op.status(result as Awaited<R>) : (op.status ?? 200);
    return apiJson(result, status);
  } catch (error) {
    if (error instanceof AppError) return appErrorResponse(error);
    if (error instanceof Response) return error;
    console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed:`, error);
    return jsonError(500, op.failure);
  }
}

/** Public POST endpoints (login, reset, invitation acceptance): same-site only, JSON body, JSON errors. */
export async function publicApiPost(request: Request, handle: (body: Input) => Promise<Response>) {
  if (request.method.toUpperCase() !== "POST") return methodNotAllowed("POST", "Use POST for this endpoint.");
  try {
    assertSameOrigin(request);
    return await handle(await readJsonBody(request));
  } catch (error) {
    if (error instanceof AppError) return appErrorResponse(error);
    if (error instanceof Response) return error;
    console.error(`[api] POST ${new URL(request.url).pathname} failed:`, error);
    return jsonError(500, "Something went wrong. Please try again.");
  }
}
