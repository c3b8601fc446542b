// The /api routes that run a shared operation, taken from the endpoint list (app/api/registry.server.ts) by
// method and path: method check, caller and role, JSON body, then the operation (runOperation parses the id and
// the body with the operation's schema); a refusal (an AppError, or a JSON error from the body checks) is the
// JSON `{ message }`, anything else a 500.
import { runOperation, type AnyOperation, type Input } from "../admin/operations.server";
import { endpointsAt, OUTCOME_STATUS } from "../api/registry.server";
import { requireUser } from "../auth/guard.server";
import { assertSameOrigin } from "../auth/same-origin.server";
import { AppError } from "../errors";
import { appErrorResponse } from "./app-error.server";
import { readJsonBody } from "./input.server";
import { allowOnly, jsonError, methodNotAllowed, secureJson } from "./responses.server";

type RouteArgs = { request: Request; params: Record<string, string | undefined> };

export function apiJson(data: unknown, status = 200, headers?: HeadersInit) {
  const response = secureJson(data, { status, headers });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** Answers an admin /api call by running the operation; every failure is a JSON `{ message }`. */
async function answerWithOperation(request: Request, op: AnyOperation, params: Input) {
  try {
    const user = await requireUser(request, op.role);
    const body = request.method.toUpperCase() === "GET" || request.method.toUpperCase() === "HEAD" ? {} : await readJsonBody(request);
    const result = await runOperation(op, { ...body, ...params }, user);
    const outcome = typeof op.outcome === "function" ? op.outcome(result) : (op.outcome ?? "done");
    return apiJson(result, OUTCOME_STATUS[outcome]);
  } catch (error) {
    if (error instanceof AppError) return appErrorResponse(error);
    if (error instanceof Response) return error;
    console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed:`, error);
    return jsonError(500, op.failure);
  }
}

/** The registered endpoints of a path that run an operation, and the Allow header of the path (GET with HEAD). */
function operationsAt(path: string) {
  const endpoints = endpointsAt(path);
  if (!endpoints.length) throw new Error(`${path} is not in the endpoint list (app/api/registry.server.ts)`);
  const allow = endpoints.flatMap((endpoint) => (endpoint.method === "GET" ? ["GET", "HEAD"] : [endpoint.method])).join(", ");
  const ops = new Map(endpoints.flatMap((endpoint) => (endpoint.operation ? [[endpoint.method, endpoint.operation] as const] : [])));
  return { allow, ops };
}

/**
 * The route file's action: the operation registered for the request's method at `path`. Another method is a 405
 * naming the path's methods; `wrongMethod` says what each does when there are several.
 */
export function apiAction(path: string, wrongMethod?: string) {
  const { allow, ops } = operationsAt(path);
  const writes = [...ops.keys()].filter((method) => method !== "GET");
  if (!writes.length) return allowOnly(allow);
  const message = wrongMethod ?? `Use ${writes.join(" or ")} for this endpoint.`;
  return ({ request, params }: RouteArgs) => {
    const op = ops.get(request.method.toUpperCase() as "POST");
    return op ? answerWithOperation(request, op, params) : methodNotAllowed(allow, message);
  };
}

/** The route file's loader: the GET operation registered at `path` (HEAD too), or a 405 when the path only writes. */
export function apiLoader(path: string) {
  const { allow, ops } = operationsAt(path);
  const read = ops.get("GET");
  if (!read) return allowOnly(allow);
  return ({ request, params }: RouteArgs) => answerWithOperation(request, read, params);
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
