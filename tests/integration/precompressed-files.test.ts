// The precompressed-file middleware in front of express.static, over real HTTP on loopback, on files written
// by the build step (scripts/precompress.ts) into a temporary directory.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayNameFileUnder, precompressedFiles } from "~/http/precompressed.server";
import { precompress } from "../../scripts/precompress";

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let dir: string;
let server: http.Server;
let base: string;

function request(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(base + urlPath, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

const script = Buffer.from(Array.from({ length: 200 }, (_, i) => `export const value${i} = "${"x".repeat(i % 17)}";`).join("\n"));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  fs.mkdirSync(path.join(dir, "build"));
  fs.writeFileSync(path.join(dir, "build", "app.js"), script);
  fs.writeFileSync(path.join(dir, "build", "small.css"), "body{margin:0}");
  fs.writeFileSync(path.join(dir, "edited.js"), script);
  precompress(dir);
  const app = express();
  app.use(precompressedFiles(dir));
  app.use("/build", express.static(path.join(dir, "build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(dir, { maxAge: "1h" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed files", () => {
  it("writes brotli and gzip copies of files of 1 KB or more, and none of smaller ones", () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "build", "app.js.br"))).equals(script)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "build", "app.js.gz"))).equals(script)).toBe(true);
    expect(fs.existsSync(path.join(dir, "build", "small.css.br"))).toBe(false);
  });

  it("prefers brotli whatever the client's order, honours a refusal, and falls back to the file", async () => {
    const br = await request("/build/app.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(fs.readFileSync(path.join(dir, "build", "app.js.br")))).toBe(true);
    expect(br.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");

    const gzip = await request("/build/app.js", { "Accept-Encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(script)).toBe(true);

    const plain = await request("/build/app.js?v=1");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.equals(script)).toBe(true);

    const head = await request("/build/app.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(fs.statSync(path.join(dir, "build", "app.js.br")).size);
  });

  it("serves a file without copies as it is, and a file edited after the build instead of its stale copy", async () => {
    const small = await request("/build/small.css", { "Accept-Encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("body{margin:0}");

    const edited = Buffer.concat([script, Buffer.from("\nexport const edited = true;")]);
    fs.writeFileSync(path.join(dir, "edited.js"), edited);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dir, "edited.js"), later, later);
    const answer = await request("/edited.js", { "Accept-Encoding": "br" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(edited)).toBe(true);
  });

  it("never serves outside its directory", async () => {
    for (const urlPath of ["/%2e%2e/%2e%2e/etc/passwd", "/build/..%2f..%2fetc%2fpasswd"]) {
      const answer = await request(urlPath, { "Accept-Encoding": "br" });
      expect(answer.status, urlPath).toBe(404);
    }
  });
});

describe("mayNameFileUnder", () => {
  it("lets through only paths whose first segment is one of the folder's own entries, decoded", () => {
    const mayName = mayNameFileUnder(dir);
    expect(mayName("/build/app.js")).toBe(true);
    expect(mayName("/edited.js")).toBe(true);
    expect(mayName("/%65dited.js")).toBe(true);
    expect(mayName("/")).toBe(false);
    expect(mayName("/articles/12")).toBe(false);
    expect(mayName("/builds/app.js")).toBe(false);
    // A malformed escape is left to the static middleware, which refuses it as before.
    expect(mayName("/%E0%A4%A")).toBe(true);
  });
});
