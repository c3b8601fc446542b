// Accounts and requests for route tests: users of each role with a real session cookie, and a caller
// that runs a route's loader or action with a real Request, as Remix would.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { hashPassword } from "~/auth/password.server";
import { createSession } from "~/auth/session.server";
import type { Role } from "~/auth/users.server";
import { db, first, t } from "~/db.server";
import { loadContextFor } from "./load-context";

let counter = 0;
/** One real hash per distinct password: scrypt at its production cost takes ~0.3 s, too slow to repeat per user. */
const hashes = new Map<string, Promise<string>>();

export type TestUser = { id: number; email: string; role: Role; password: string; cookie: string };

/** The Cookie header value for a Set-Cookie header value. */
export function cookieFrom(setCookie: string | null) {
  return (setCookie ?? "").split(";")[0];
}

export async function makeUser(role: Role, password = "password-123"): Promise<TestUser> {
  counter += 1;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const passwordHash = await hashes.get(password)!;
  const user = (await first(
    db()
      .insert(t.users)
      .values({ email: `${role}${counter}-${Date.now()}@test.example`, passwordHash, role })
      .returning(),
  ))!;
  return { id: user.id, email: user.email, role, password, cookie: cookieFrom(await createSession(user.id)) };
}

type RouteModule = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: LoaderFunctionArgs) => unknown };

export type CallOptions = {
  method?: string;
  params?: Record<string, string>;
  /** An object is sent as JSON; a string as is; FormData as a form. */
  body?: unknown;
  headers?: Record<string, string>;
  user?: { cookie: string };
};

export async function call(route: RouteModule, path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? "GET";
  const headers = new Headers(options.headers);
  if (options.user) headers.set("Cookie", options.user.cookie);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(`http://localhost${path}`, { method, headers, body });
  const handler = method === "GET" ? route.loader : route.action;
  if (!handler) throw new Error(`The route has no ${method === "GET" ? "loader" : "action"}`);
  try {
    return (await handler({ request, params: options.params ?? {}, context: loadContextFor(request) })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}
