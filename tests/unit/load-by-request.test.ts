// The load generator's latency per request of a mix (tests/support/load.ts): each answer's latency goes to the
// request it answered, so the load test can say which read its p95 comes from.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runLoad } from "../support/load";

/** Every answer to /slow is held this long, so no /slow latency can be shorter (whatever the machine's load). */
const HELD_MS = 40;
/** Answers to wait for: the load ends once the server has given this many, not after a time. */
const ANSWERS = 60;
let server: http.Server;
let url: string;
let answered = 0;
let enough: () => void = () => {};

/** Resolves once the server has given ANSWERS more answers. */
function answeredEnough() {
  answered = 0;
  return new Promise<void>((resolve) => (enough = resolve));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = () => {
      res.end(req.url);
      if (++answered === ANSWERS) enough();
    };
    if (req.url === "/slow") setTimeout(answer, HELD_MS);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** One connection taking these paths in turn until the server has given ANSWERS answers. */
function loadOf(paths: string[]) {
  return runLoad({ url, connections: 1, seconds: 60, until: answeredEnough(), requests: paths.map((path) => ({ method: "GET", path })) });
}

it("gives each request of the mix its own answers and latencies, the slowest first", async () => {
  // Were latencies given to the wrong request, /slow's median would be /fast's.
  const result = await loadOf(["/fast", "/slow"]);
  expect(result.requests).toBeGreaterThanOrEqual(ANSWERS - 1);
  const [slowest, fastest] = result.byRequest!;
  expect(slowest.request).toBe("GET /slow");
  expect(fastest.request).toBe("GET /fast");
  expect(slowest.answers + fastest.answers).toBe(result.requests);
  expect(Math.abs(slowest.answers - fastest.answers)).toBeLessThanOrEqual(1);
  // A timer fires no earlier than 1 ms before its time.
  expect(slowest.p50Ms).toBeGreaterThanOrEqual(HELD_MS - 1);
}, 90_000);

it("keeps every latency of a request the mix lists twice", async () => {
  const result = await loadOf(["/fast", "/slow", "/slow"]);
  expect(result.byRequest!.map((read) => read.request)).toEqual(["GET /slow", "GET /fast"]);
  const [slowest, fastest] = result.byRequest!;
  expect(slowest.answers + fastest.answers).toBe(result.requests);
  // Two of every three answers are /slow's.
  expect(Math.abs(slowest.answers - 2 * fastest.answers)).toBeLessThanOrEqual(2);
}, 90_000);
