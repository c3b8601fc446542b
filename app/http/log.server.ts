// Structured logs (pino, one JSON object per line) for the web process. Secrets that travel in URLs
// (reset, invitation, unsubscribe and confirmation tokens) never reach a log line.
import cluster from "node:cluster";
import pino from "pino";
import { config } from "../config.server";

// Written without blocking: a line waits only while the previous write is under way, and lines that waited go out
// together. The shared copy answers thousands of requests a second, and a blocking write per line was the largest
// cost of each (docs/decisions/051); pino flushes what is left when the process exits.
export const log = pino(
  {
    level: config().LOG_LEVEL,
    // With WEB_CONCURRENCY > 1 every line names the worker that wrote it (its number and process id).
    base: cluster.isWorker ? { service: "web", worker: cluster.worker!.id, pid: process.pid } : { service: "web", pid: process.pid },
    // Headers are never logged whole; these paths are a second line of defence if someone adds them.
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"], censor: "[redacted]" },
  },
  pino.destination({ dest: 1, sync: false }),
);

/** Query parameters whose value is a credential. */
const SECRET_PARAMS = new Set(["token", "key", "secret", "password", "code", "signature"]);
/**
 * Paths whose segment after the prefix is a credential (an invitation token). Matched as the router matches
 * routes: without regard to case (`/Invite/…` opens the same page), and with repeated slashes.
 */
const SECRET_PATH = /^(\/+(?:invite|api\/+invitations)\/+)([^/?#]+)/i;

/** The URL as it may be logged: credential path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const [pathPart, ...rest] = url.split("?");
  const path = pathPart.replace(SECRET_PATH, (_match, prefix: string) => `${prefix}[redacted]`);
  if (rest.length === 0) return path;
  const query = rest
    .join("?")
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/**
 * An error message that may quote the request's URL or path (Express's "Failed to decode param '/invite/…'",
 * the cross-site refusal's "Refused a cross-site POST to /invite/…"), with every such quote redacted.
 */
export function redactMessage(message: string, url: string): string {
  const pathOnly = url.split("?")[0];
  let redacted = message.split(url).join(redactUrl(url));
  if (pathOnly !== url) redacted = redacted.split(pathOnly).join(redactUrl(pathOnly));
  return redacted;
}
