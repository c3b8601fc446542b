// The admin /api routes: method check, caller and role, JSON body, then the shared operation.
import { requireUser } from "../auth/guard.server";
import { assertSameOrigin } from "../http/csrf.server";
import { readJsonBody } from "../http/input.server";
import { jsonError, secureJson } from "../http/responses.server";
import type { Input, Operation } from "./operations.server";

export function apiJson(data: unknown, status = 200, headers?: HeadersInit) {
  const response = secureJson(data, { status, headers });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** Answers an admin /api call by running the operation; every failure is a JSON `{ message }`. */
export async function apiOperation<R>(request: Request, method: string, op: Operation<R>, params: Input = {}) {
  if (request.method.toUpperCase() !== method) return jsonError(405, `Use ${method} for this endpoint.`, { Allow: method });
  try {
    const user = await requireUser(request, op.role);
    const body = method === "GET" ? {} : await readJsonBody(request);
    const result = await op.run({ ...body, ...params }, user);
    const status = typeof op.status === "function" ? op.status(result as Awaited<R>) : (op.status ?? 200);
    return apiJson(result, status);
  } catch (error) {
    if (error instanceof Response) return error;
    console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed:`, error);
    return jsonError(500, op.failure);
  }
}

/** Public POST endpoints (login, reset, invitation acceptance): same-site only, JSON body, JSON errors. */
export async function publicApiPost(request: Request, handle: (body: Input) => Promise<Response>) {
  if (request.method.toUpperCase() !== "POST") return jsonError(405, "Use POST for this endpoint.", { Allow: "POST" });
  try {
    assertSameOrigin(request);
    return await handle(await readJsonBody(request));
  } catch (error) {
    if (error instanceof Response) return error;
    console.error(`[api] POST ${new URL(request.url).pathname} failed:`, error);
    return jsonError(500, "Something went wrong. Please try again.");
  }
}
