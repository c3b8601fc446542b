// No HTTP status below the edge: domain code says what went wrong with an AppError (app/errors.ts), and only
// app/http/app-error.server.ts and the routes turn it into a status. This test reads every domain file and fails
// on anything that answers with a status: a numeric `status:` field, `.status(429)`, a Response or `json(...)`
// built there, or a status passed to an answer-building call.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.resolve("app");

/** The edge: where a request is read and an HTTP answer is made. */
const EDGE = [
  // The Remix routes and the one place domain errors become answers.
  "routes",
  "http",
  // Remix's entry renders the document Response; the client entry hydrates it.
  "entry.server.tsx",
  "entry.client.tsx",
  // The root route's loader answers every page with its toast cookie.
  "root.tsx",
  // The web process: the HTTP server itself.
  "web-process.ts",
  // The API's list of endpoints and its description name the statuses each path answers with.
  "api",
  "api-docs",
];

/** Code that answers with an HTTP status. Ordinary numbers (`slice(0, 400)`, a timeout of 120) are not statuses. */
const STATUS_PATTERNS: [name: string, pattern: RegExp][] = [
  ["a numeric status field", /\bstatus(?:Code)?\s*[:=]\s*[1-5]\d\d\b(?!\s*[-+*/])/],
  ["a status call", /\.status\(\s*[1-5]\d\d\b/],
  ["a Response", /\bnew Response\(|\bResponse\.(?:json|redirect|error)\(/],
  ["an answer helper", /(?<![.\w$])(?:json|redirect|redirectDocument|jsonError|secureJson)\(/],
  ["a status argument", /\b\w*(?:Response|Error|[Jj]son)\((?:[^()]*,)?\s*[1-5]\d\d\s*[,)]/],
];

/** The lines of `source` that answer with a status, without comments (they may speak of "a 400"). */
function statusLines(source: string) {
  return source
    .split("\n")
    .map((line, index) => ({ line: index + 1, code: line.replace(/^\s*(?:\/\/|\/?\*).*$/, "").replace(/\s\/\/ .*$/, "") }))
    .flatMap(({ line, code }) => STATUS_PATTERNS.filter(([, pattern]) => pattern.test(code)).map(([name]) => `${line}: ${name}: ${code.trim().slice(0, 120)}`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function isEdge(relative: string) {
  return EDGE.some((place) => relative === place || relative.startsWith(`${place}/`));
}

describe("HTTP statuses", () => {
  it("appear in no domain code: everything under app/ but the edge", () => {
    const found = sourceFiles(app)
      .map((file) => path.relative(app, file).split(path.sep).join("/"))
      .filter((relative) => !isEdge(relative))
      .flatMap((relative) => statusLines(readFileSync(path.join(app, relative), "utf8")).map((hit) => `${relative}:${hit}`));
    expect(found).toEqual([]);
  });

  it("flags a refusal written with its status, as the newsletter signup once returned it", () => {
    // Lines of app/newsletter/subscribers.server.ts before its refusals became AppErrors.
    const before = [
      "type SubscribeOutcome = { ok: true; message: string } | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };",
      "  if (!parsed.success) return { ok: false, status: 400, message: SUBSCRIBE_TOASTS.invalidEmail.message };",
      "  if (refused) return { ok: false, status: 429, ...refused };",
    ].join("\n");
    expect(statusLines(before)).toHaveLength(3);
    for (const answer of [
      "throw json({ message }, 404);",
      "return jsonError(429, message);",
      "res.status(429).end();",
      "return new Response(null, { status: 204 });",
    ])
      expect(statusLines(answer), answer).not.toEqual([]);
  });

  it("does not flag ordinary numbers, upstream statuses or comments", () => {
    const ordinary = [
      "const lead = summary.slice(0, 400);",
      "const answer = parseJsonAnswer(await complete(instructions, prompt, 120), '[');",
      "notModified: hop.status === 304,",
      "const body = await response.json();",
      '  .set({ status: "failed", lastError: message.slice(0, 500) })',
      "// answers with a 429 and Retry-After",
      "const width: 160 | 200 | 280 = 200;",
    ].join("\n");
    expect(statusLines(ordinary)).toEqual([]);
  });
});
