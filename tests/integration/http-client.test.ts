// The HTTP client against real loopback servers: compression, conditional GET, redirects, limits,
// charsets, per-host concurrency and the private-network refusal.
import net from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Readable } from "node:stream";
import { decodeBody, fetchStream, fetchUrl, FetchError } from "~/fetcher/http-client.server";
import { readFixture, serveFixture, startServer, type TestServer } from "../support/http-server";

let server: TestServer;
let concurrent = 0;
let maxConcurrent = 0;
const rss = readFixture("sec-press-releases.rss");

beforeAll(async () => {
  server = await startServer({
    "/feed": serveFixture("sec-press-releases.rss", "application/rss+xml; charset=utf-8", { etag: '"v1"' }),
    "/dated": serveFixture("sec-press-releases.rss", "application/rss+xml", { lastModified: "Thu, 27 Mar 2025 17:00:00 GMT" }),
    "/gzip": (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml", "content-encoding": "gzip" });
      res.end(zlib.gzipSync(rss));
    },
    "/brotli": (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml", "content-encoding": "br" });
      res.end(zlib.brotliCompressSync(rss));
    },
    "/redirect": (req, res) => {
      const hops = Number(new URL(req.url!, "http://x").searchParams.get("hops"));
      res.writeHead(hops > 0 ? 302 : 200, hops > 0 ? { location: `/redirect?hops=${hops - 1}` } : { "content-type": "text/plain" });
      res.end(hops > 0 ? "" : "arrived");
    },
    "/slow": (_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("too late"), 3000);
    },
    "/error": (_req, res) => void res.writeHead(500, { "content-type": "text/html" }).end("<h1>Internal Server Error</h1>"),
    "/forbidden": (_req, res) => void res.writeHead(403).end(),
    "/huge": (_req, res) => {
      // 20 MB, streamed without a Content-Length, as a misbehaving server would.
      res.writeHead(200, { "content-type": "application/xml" });
      const chunk = Buffer.alloc(1024 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 20) {
          sent++;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (sent = 20));
      pump();
    },
    "/huge-declared": (_req, res) => void res.writeHead(200, { "content-length": String(20 * 1024 * 1024) }).end(),
    // A part, then nothing more on an open connection.
    "/stall": (_req, res) => void res.writeHead(200, { "content-type": "application/xml" }).write("<REGINFO_RIN_DATA>"),
    // Ten parts, 200 ms apart: two seconds in all, never a long wait.
    "/trickle": (_req, res) => {
      res.writeHead(200, { "content-type": "application/xml" });
      let parts = 0;
      const timer = setInterval(() => {
        res.write("x".repeat(1000));
        if (++parts === 10) {
          clearInterval(timer);
          res.end();
        }
      }, 200);
      res.on("close", () => clearInterval(timer));
    },
    "/latin1-mislabelled": serveFixture("govinfo-plaw-latin1.rss", "text/xml; charset=utf-8"),
    "/latin1-unlabelled": serveFixture("govinfo-plaw-latin1.rss", "text/xml"),
    "/concurrency": (_req, res) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      setTimeout(() => {
        concurrent--;
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }, 100);
    },
  });
});

afterAll(() => server.close());

async function bytesOf(body: Readable) {
  let total = 0;
  for await (const chunk of body) total += (chunk as Buffer).length;
  return total;
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return (error as FetchError).message;
  }
  throw new Error("expected the fetch to fail");
}

describe("fetchUrl", () => {
  it("fetches a feed and sends a descriptive User-Agent and compression support", async () => {
    const result = await fetchUrl(`${server.origin}/feed`);
    expect(result.status).toBe(200);
    expect(result.text()).toContain("SEC Votes to End Defense of Climate Disclosure Rules");
    expect(result.etag).toBe('"v1"');
    const request = server.log.at(-1)!;
    expect(request.headers["user-agent"]).toMatch(/DeregulationDashboard/);
    expect(request.headers["accept-encoding"]).toContain("gzip");
  });

  it("decompresses gzip and brotli", async () => {
    expect((await fetchUrl(`${server.origin}/gzip`)).body.equals(rss)).toBe(true);
    expect((await fetchUrl(`${server.origin}/brotli`)).body.equals(rss)).toBe(true);
  });

  it("answers a conditional GET with 304 and no body", async () => {
    const first = await fetchUrl(`${server.origin}/feed`);
    const second = await fetchUrl(`${server.origin}/feed`, { etag: first.etag });
    expect(second.notModified).toBe(true);
    expect(second.body.length).toBe(0);
    expect(server.log.at(-1)!.headers["if-none-match"]).toBe('"v1"');
    const dated = await fetchUrl(`${server.origin}/dated`);
    const again = await fetchUrl(`${server.origin}/dated`, { lastModified: dated.lastModified });
    expect(again.status).toBe(304);
    expect(server.log.at(-1)!.bytes).toBe(0);
  });

  it("follows up to 5 redirects and refuses a sixth", async () => {
    const result = await fetchUrl(`${server.origin}/redirect?hops=5`);
    expect(result.text()).toBe("arrived");
    expect(result.url).toBe(`${server.origin}/redirect?hops=0`);
    expect(await failureOf(fetchUrl(`${server.origin}/redirect?hops=6`))).toBe("Too many redirects (more than 5) from 127.0.0.1");
  });

  it("gives up on a slow server with a readable message", async () => {
    const started = Date.now();
    expect(await failureOf(fetchUrl(`${server.origin}/slow`, { timeoutMs: 1000 }))).toBe("Timed out after 1 s");
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("reports HTTP errors with the status and host", async () => {
    expect(await failureOf(fetchUrl(`${server.origin}/error`))).toBe("HTTP 500 from 127.0.0.1");
    expect(await failureOf(fetchUrl(`${server.origin}/forbidden`))).toBe("HTTP 403 from 127.0.0.1");
  });

  it("caps the body at 10 MB, streamed or declared", async () => {
    expect(await failureOf(fetchUrl(`${server.origin}/huge`))).toBe("Response larger than 10 MB");
    expect(await failureOf(fetchUrl(`${server.origin}/huge-declared`))).toBe("Response larger than 10 MB");
  });

  it("reads Latin-1 bytes right whether the server mislabels them as UTF-8 or says nothing", async () => {
    for (const path of ["/latin1-mislabelled", "/latin1-unlabelled"]) {
      const text = (await fetchUrl(`${server.origin}${path}`)).text();
      expect(text).toContain("résumé of the law's provisions § 1");
    }
    expect(decodeBody(Buffer.from("\uFEFFcafé", "utf8"))).toBe("café");
  });

  it("runs at most 2 requests at a time against one host", async () => {
    maxConcurrent = 0;
    await Promise.all(Array.from({ length: 6 }, () => fetchUrl(`${server.origin}/concurrency`)));
    expect(maxConcurrent).toBe(2);
  });

  it("refuses private and loopback targets, by literal address or after DNS resolution, when private networks are not allowed", async () => {
    const options = { allowPrivateNetworks: false };
    expect(await failureOf(fetchUrl(`${server.origin}/feed`, options))).toBe("Refused: 127.0.0.1 is not a public address");
    const viaName = await failureOf(fetchUrl(server.origin.replace("127.0.0.1", "localhost") + "/feed", options));
    expect(viaName).toMatch(/^Refused: localhost is not a public address$/);
    expect(await failureOf(fetchUrl("http://[::1]:9/feed", options))).toBe("Refused: [::1] is not a public address");
    expect(await failureOf(fetchUrl("ftp://example.gov/feed.xml"))).toMatch(/^Unsupported address scheme ftp/);
  });
});

/**
 * A server that answers each new connection's first request, and resets the connection when a second request
 * arrives on it: what a client sees when it sends on a kept-alive connection the server has just closed for
 * idling. Paths under /always-reset are reset even as a connection's first request.
 */
async function startResettingServer() {
  const seen: { connection: number; path: string }[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let requests = 0;
    let buffered = "";
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      while (buffered.includes("\r\n\r\n")) {
        const head = buffered.slice(0, buffered.indexOf("\r\n\r\n"));
        buffered = buffered.slice(head.length + 4);
        const path = head.split(" ")[1];
        seen.push({ connection, path });
        if (++requests > 1 || path.startsWith("/always-reset")) return void socket.resetAndDestroy();
        const body = `answer to ${path}`;
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("fetchUrl and kept-alive connections", () => {
  it("sends a GET again, once, on a new connection when a kept-alive connection is reset before any answer", async () => {
    const resetting = await startResettingServer();
    try {
      expect((await fetchUrl(`${resetting.origin}/first`)).text()).toBe("answer to /first");
      // Sent on the first request's kept-alive connection, which the server resets; answered on a new one.
      expect((await fetchUrl(`${resetting.origin}/second`)).text()).toBe("answer to /second");
      expect(resetting.seen).toEqual([
        { connection: 1, path: "/first" },
        { connection: 1, path: "/second" },
        { connection: 2, path: "/second" },
      ]);
      // A reset on a connection of its own is the server's answer, not a stale connection: it is not sent a third time.
      expect(await failureOf(fetchUrl(`${resetting.origin}/always-reset`))).toBe("Connection reset by 127.0.0.1");
      expect(resetting.seen.filter((request) => request.path === "/always-reset").length).toBeLessThanOrEqual(2);
    } finally {
      await resetting.close();
    }
  });
});

describe("fetchStream", () => {
  it("reads a body past fetchUrl's cap as it arrives, decompressed", async () => {
    const huge = await fetchStream(`${server.origin}/huge`);
    expect(await bytesOf(huge.body)).toBe(20 * 1024 * 1024);
    const gzip = await fetchStream(`${server.origin}/gzip`);
    const chunks: Buffer[] = [];
    for await (const chunk of gzip.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(rss)).toBe(true);
  });

  it("errors the stream when its own cap is passed, or when a wait for data takes longer than the time limit", async () => {
    const capped = await fetchStream(`${server.origin}/huge`, { maxBytes: 5 * 1024 * 1024 });
    expect(await failureOf(bytesOf(capped.body))).toBe("Response larger than 5 MB");
    const stalled = await fetchStream(`${server.origin}/stall`, { timeoutMs: 1000 });
    expect(await failureOf(bytesOf(stalled.body))).toBe("Timed out after 1 s");
  });

  it("applies the time limit to each wait, not to the whole body", async () => {
    const trickle = await fetchStream(`${server.origin}/trickle`, { timeoutMs: 1500 });
    expect(await bytesOf(trickle.body)).toBe(10_000);
  });

  it("keeps the address policy and frees its per-host slot when the reader stops early", async () => {
    expect(await failureOf(fetchStream(`${server.origin}/huge`, { allowPrivateNetworks: false }))).toBe("Refused: 127.0.0.1 is not a public address");
    for (let i = 0; i < 3; i++) {
      const early = await fetchStream(`${server.origin}/huge`);
      for await (const _chunk of early.body) break;
    }
    // Two slots per host: had the abandoned reads kept theirs, this fetch would wait forever.
    expect((await fetchUrl(`${server.origin}/feed`)).status).toBe(200);
  });
});
