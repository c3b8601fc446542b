// Shared by the web server's tests (tests/hardening/server-*.test.ts): raw HTTP requests, whose bodies arrive as
// sent, and the production build serving the demo data with real tokens in this file's test database.
import http from "node:http";
import { loadDemo } from "../../scripts/demo";
import { makeUser } from "../support/auth";
import { insertInvitation, insertPasswordReset, insertSubscriber } from "./fixtures";
import { serveTestDatabase, type PORT_OFFSETS } from "./harness";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request through node:http, so the body arrives as sent (fetch would decompress it). */
export function rawRequest(url: string, options: http.RequestOptions = {}, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Loads the demo data and writes the rows whose tokens the request log test looks for in the output (a password
 * reset, two invitations and a subscriber), into `tokens`; then serves this file's test database on the port of
 * `file`.
 */
export async function serveDemoData(file: keyof typeof PORT_OFFSETS, tokens: Record<string, string>) {
  await loadDemo();
  const user = await makeUser("viewer");
  Object.assign(tokens, {
    reset: insertPasswordReset(user.id),
    invitation: insertInvitation("invitee@example.com"),
    accept: insertInvitation("accepting@example.com"),
    unsubscribe: insertSubscriber("leaving@example.com").token,
  });
  return serveTestDatabase(file);
}
