// Two running servers side by side (before/after builds, each on its own copy of a corpus, SHARED_PAGE_CACHE=false):
// alternating requests for the same page, the server's own CPU time per page (from /proc, Linux), the document's
// bytes and a latency summary. Run: tsx tests/bench/render-compare.ts --a http://127.0.0.1:3311 --a-pid PID
// --b http://127.0.0.1:3312 --b-pid PID [--path /] [--rounds 200]
import fs from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    "a-pid": { type: "string" },
    b: { type: "string" },
    "b-pid": { type: "string" },
    path: { type: "string", default: "/" },
    rounds: { type: "string", default: "200" },
  },
});

const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
function cpuMs(pid: string) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

type Side = { name: string; origin: string; pid: string; cpu: number; latencies: number[]; bytes: number };
const sides: Side[] = [
  { name: "a", origin: values.a!, pid: values["a-pid"]!, cpu: 0, latencies: [], bytes: 0 },
  { name: "b", origin: values.b!, pid: values["b-pid"]!, cpu: 0, latencies: [], bytes: 0 },
];

async function fetchPage(side: Side) {
  const before = cpuMs(side.pid);
  const start = performance.now();
  const response = await fetch(`${side.origin}${values.path}`, { headers: { "Accept-Encoding": "identity" } });
  const body = await response.arrayBuffer();
  side.latencies.push(performance.now() - start);
  side.cpu += cpuMs(side.pid) - before;
  side.bytes = body.byteLength;
  if (response.status !== 200) throw new Error(`${side.origin}${values.path}: ${response.status}`);
}

// Warm both up, then alternate (a, b, b, a, ...) so that load on the machine falls on both alike.
for (let i = 0; i < 20; i++) for (const side of sides) await fetchPage(side);
for (const side of sides) Object.assign(side, { cpu: 0, latencies: [] });
const rounds = Number(values.rounds);
for (let i = 0; i < rounds; i++) {
  const order = i % 2 ? [sides[1], sides[0]] : sides;
  for (const side of order) await fetchPage(side);
}

const quantile = (list: number[], q: number) => [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor(q * list.length))];
for (const side of sides)
  console.log(
    `${side.name} ${side.origin}${values.path}: ${side.bytes} bytes, CPU ${(side.cpu / rounds).toFixed(1)} ms/page, latency median ${quantile(side.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(side.latencies, 0.95).toFixed(1)} ms (${rounds} requests each)`,
  );
