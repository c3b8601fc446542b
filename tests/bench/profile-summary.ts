// `npx tsx tests/bench/profile-summary.ts <file.cpuprofile> [requests] [skip-seconds]`: where a web process's CPU went, by
// part (the product's own code, React, Mantine, SQLite's driver, Node's internals, garbage collection, ...), from
// a profile written by `node --cpu-prof`. With the number of requests served while profiling, also per request;
// the first `skip-seconds` of the profile (the process starting, loading its modules) are left out.
//
// A native function's time (no script: a regular expression, a socket write) is counted with its nearest scripted
// caller's part; SQLite's own work shows under the function that steps a statement (drizzle's session, or the
// product's store function calling a prepared statement directly).
//
// How the render path's profile in docs/benchmarks.md is taken: start the production build with
// `node --cpu-prof --cpu-prof-dir=<dir> --max-semi-space-size=4 --heap-growing-percent=100 build/server.js` (SHARED_PAGE_CACHE=false),
// send the requests, stop it with SIGTERM, and pass the profile written to <dir> here.
import fs from "node:fs";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The part of the process a function belongs to, from its script's address. */
export function partOf({ functionName, url }: ProfileNode["callFrame"]) {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)") return "idle";
  if (functionName === "(program)") return "V8 and native code";
  if (!url) return "V8 and native code";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) {
    if (pkg === "react-dom" || pkg === "react") return "React";
    if (pkg.startsWith("@mantine/")) return "Mantine";
    if (pkg.startsWith("@remix-run/") || pkg === "react-router" || pkg === "react-router-dom" || pkg === "@remix-run/router") return "Remix and its router";
    if (pkg === "better-sqlite3" || pkg === "drizzle-orm") return "SQLite driver and drizzle";
    if (pkg === "express" || pkg === "compression" || pkg === "on-headers") return "Express and compression";
    return `other packages (${pkg})`;
  }
  if (url.startsWith("node:")) return "Node's internals (streams, HTTP, zlib)";
  if (url.includes("/build/")) return "the product's own code";
  return url;
}

function summarise(profile: Profile, skipMicros: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  // A native function has no script (a regular expression, TextEncoder's encodeInto, a socket's writev): its time is
  // its nearest caller's that has one, so React's escaping counts as React's and a socket write as Node's.
  const scripted = (node: ProfileNode) => {
    let at: ProfileNode | undefined = node;
    while (at && !at.callFrame.url && !at.callFrame.functionName.startsWith("(")) at = parentOf.get(at.id);
    return at ?? node;
  };
  const micros = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at - profile.startTime < skipMicros) return;
    const part = partOf(scripted(byId.get(id)!).callFrame);
    micros.set(part, (micros.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...micros.entries()].sort((a, b) => b[1] - a[1]);
}

const [file, requestsText, skipText] = process.argv.slice(2);
if (!file) {
  console.error("Usage: tsx tests/bench/profile-summary.ts <file.cpuprofile> [requests]");
  process.exit(1);
}
const requests = Number(requestsText ?? 0);
const parts = summarise(JSON.parse(fs.readFileSync(file, "utf8")) as Profile, Number(skipText ?? 0) * 1e6);
const busy = parts.filter(([part]) => part !== "idle").reduce((sum, [, us]) => sum + us, 0);
console.log(`CPU (not idle): ${(busy / 1000).toFixed(0)} ms${requests ? `, ${(busy / 1000 / requests).toFixed(2)} ms per request over ${requests}` : ""}`);
for (const [part, us] of parts) {
  if (part === "idle") continue;
  console.log(
    `  ${part.padEnd(48)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${((100 * us) / busy).toFixed(1).padStart(5)} %${requests ? `  ${(us / 1000 / requests).toFixed(2)} ms/request` : ""}`,
  );
}
