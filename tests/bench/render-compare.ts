// Two running servers side by side (before/after builds, each on its own copy of a corpus, SHARED_PAGE_CACHE=false):
// alternating requests for the same page, the server's own CPU time per page (from /proc, Linux), the document's
// bytes and a latency summary. Run: tsx tests/bench/render-compare.ts --a http://127.0.0.1:3311 --a-pid PID
// --b http://127.0.0.1:3312 --b-pid PID [--path /] [--rounds 200]. A side on PostgreSQL can name its server's
// postmaster (--a-db-pid / --b-db-pid): the CPU of its backends is then counted too, and shown apart. With
// --pages N each round asks a page of the path never asked before (`page=K`, K from 2 to N in one seeded order, the
// same for both sides), as a reader paging deep or a crawler does; without it every round asks the path itself.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { seededRandom } from "../support/seeded-random";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    "a-pid": { type: "string" },
    b: { type: "string" },
    "b-pid": { type: "string" },
    "a-db-pid": { type: "string" },
    "b-db-pid": { type: "string" },
    path: { type: "string", default: "/" },
    rounds: { type: "string", default: "200" },
    pages: { type: "string" },
  },
});

/** The path each round asks: the path itself, or with --pages one page of it per round, none asked twice. */
const pathOf: (round: number) => string = (() => {
  const path = values.path!;
  if (!values.pages) return () => path;
  const pages = Array.from({ length: Number(values.pages) - 1 }, (_, i) => i + 2);
  const random = seededRandom(40);
  for (let i = pages.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pages[i], pages[j]] = [pages[j], pages[i]];
  }
  const separator = path.includes("?") ? "&" : "?";
  // Rounds count from the end for the warm-up (negative), from the start for the measured ones.
  return (round) => `${path}${separator}page=${pages[(round + pages.length) % pages.length]}`;
})();

const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
function cpuMs(pid: string) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

/** A process's CPU time with that of its children (a postmaster's backends), from /proc. */
function treeCpuMs(pid: string): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  let total = cpuMs(pid);
  for (const child of children) {
    try {
      total += treeCpuMs(child);
    } catch {
      // The backend exited between the listing and the read.
    }
  }
  return total;
}

type Side = { name: string; origin: string; pid: string; dbPid?: string; cpu: number; dbCpu: number; latencies: number[]; bytes: number };
const sides: Side[] = [
  { name: "a", origin: values.a!, pid: values["a-pid"]!, dbPid: values["a-db-pid"], cpu: 0, dbCpu: 0, latencies: [], bytes: 0 },
  { name: "b", origin: values.b!, pid: values["b-pid"]!, dbPid: values["b-db-pid"], cpu: 0, dbCpu: 0, latencies: [], bytes: 0 },
];

async function fetchPage(side: Side, round: number) {
  const before = cpuMs(side.pid);
  const dbBefore = side.dbPid ? treeCpuMs(side.dbPid) : 0;
  const path = pathOf(round);
  const start = performance.now();
  const response = await fetch(`${side.origin}${path}`, { headers: { "Accept-Encoding": "identity" } });
  const body = await response.arrayBuffer();
  side.latencies.push(performance.now() - start);
  side.cpu += cpuMs(side.pid) - before;
  if (side.dbPid) side.dbCpu += treeCpuMs(side.dbPid) - dbBefore;
  side.bytes = body.byteLength;
  if (response.status !== 200) throw new Error(`${side.origin}${path}: ${response.status}`);
}

// Warm both up, then alternate (a, b, b, a, ...) so that load on the machine falls on both alike.
for (let i = 0; i < 20; i++) for (const side of sides) await fetchPage(side, -1 - i);
for (const side of sides) Object.assign(side, { cpu: 0, dbCpu: 0, latencies: [] });
const rounds = Number(values.rounds);
for (let i = 0; i < rounds; i++) {
  const order = i % 2 ? [sides[1], sides[0]] : sides;
  for (const side of order) await fetchPage(side, i);
}

const quantile = (list: number[], q: number) => [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor(q * list.length))];
for (const side of sides)
  console.log(
    `${side.name} ${side.origin}${values.path}${values.pages ? ` (pages 2-${values.pages}, each once)` : ""}: ${side.bytes} bytes, CPU ${(side.cpu / rounds).toFixed(1)} ms/page${side.dbPid ? ` + database ${(side.dbCpu / rounds).toFixed(1)} ms` : ""}, latency median ${quantile(side.latencies, 0.5).toFixed(1)} ms, p95 ${quantile(side.latencies, 0.95).toFixed(1)} ms (${rounds} requests each)`,
  );
