// The shared copy's limit (docs/benchmarks.md, "The limit in the bench"): bare `node:http` answering the
// bytes of one page exactly as the product's shared copy sends them (docs/decisions/013: the same brotli body,
// ETag, Cache-Control, Vary and every other header), with a 304 to a reader holding that ETag, and nothing else.
// Started by tests/bench/steps/limit.ts with COPY_FILE (the JSON it wrote: `headers` and `bodyBase64`), PORT and HOST.
import fs from "node:fs";
import http from "node:http";

const copy = JSON.parse(fs.readFileSync(process.env.COPY_FILE!, "utf8")) as { headers: [string, string][]; bodyBase64: string };
const body = Buffer.from(copy.bodyBase64, "base64");
// A header sent more than once is kept as every one of its values.
const headers: Record<string, string | string[]> = {};
for (const [name, value] of copy.headers) {
  const held = headers[name];
  headers[name] = held === undefined ? value : [...[held].flat(), value];
}
const etag = headers.etag;

const server = http.createServer((request, response) => {
  if (etag && request.headers["if-none-match"] === etag) {
    const { "content-length": _length, "content-encoding": _encoding, ...rest } = headers;
    response.writeHead(304, rest).end();
    return;
  }
  response.writeHead(200, { ...headers, "content-length": String(body.length) }).end(request.method === "HEAD" ? undefined : body);
});
// As the product's web process (server.ts).
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");

process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
