// Load generation with autocannon, reporting what the benchmarks and the load test need:
// latency percentiles from every response, throughput, and the count of each status code.
import autocannon, { type AutocannonRequest } from "autocannon";

export type LoadOptions = {
  url: string;
  connections: number;
  /** How long the load runs; with `until`, the most it runs. */
  seconds: number;
  /** Ends the load when it settles, if that comes before `seconds` are over. */
  until?: Promise<unknown>;
  /** Cycled through by every connection; without it each connection repeats GET `url`. */
  requests?: AutocannonRequest[];
  headers?: Record<string, string>;
};

export type LoadResult = {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Mean response body size, bytes (as sent: compressed when the client asked for it). */
  bytesPerRequest: number;
  statusCounts: Record<string, number>;
  /** Connection errors and timeouts: requests that got no answer at all. */
  errors: number;
  /** With `requests`: each one's answers and latencies ("GET /path"), the slowest p95 first: where the overall p95 comes from. */
  byRequest?: RequestLatency[];
};

export type RequestLatency = { request: string; answers: number; p50Ms: number; p95Ms: number };

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A few requests first, so compilation and caches warming up are not measured. */
export async function warmUp(url: string, headers?: Record<string, string>, times = 3) {
  for (let i = 0; i < times; i++) await (await fetch(url, { headers })).arrayBuffer();
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  // autocannon calls a request's onResponse just before it reports the answer's latency (lib/httpClient.js), so the
  // request last answered is the one the latency belongs to.
  const latenciesByRequest = new Map<string, number[]>();
  let answered: number[] | undefined;
  const requests = options.requests?.map((request) => {
    // A request listed twice in the mix shares one set of latencies.
    const key = `${request.method ?? "GET"} ${request.path}`;
    const own = latenciesByRequest.get(key) ?? [];
    latenciesByRequest.set(key, own);
    return { ...request, onResponse: () => void (answered = own) };
  });
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
        headers: options.headers,
        requests,
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const statusCounts: Record<string, number> = {};
        for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count;
        resolve({
          requests: latencies.length,
          requestsPerSecond: latencies.length / result.duration,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          bytesPerRequest: latencies.length ? result.throughput.total / latencies.length : 0,
          statusCounts,
          errors: result.errors + result.timeouts,
          byRequest: requests && latencyByRequest(latenciesByRequest),
        });
      },
    );
    void options.until?.then(() => instance.stop());
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      answered?.push(responseTime);
      answered = undefined;
    });
  });
}

function latencyByRequest(latencies: Map<string, number[]>): RequestLatency[] {
  return [...latencies]
    .map(([request, own]) => {
      own.sort((a, b) => a - b);
      return { request, answers: own.length, p50Ms: percentile(own, 50), p95Ms: percentile(own, 95) };
    })
    .sort((a, b) => b.p95Ms - a.p95Ms || a.request.localeCompare(b.request));
}

/** The three reads with the highest p95, with their median: which of the mix the overall p95 comes from. */
export function slowestReads(reads: LoadResult) {
  return (reads.byRequest ?? [])
    .slice(0, 3)
    .map((read) => `${read.request} p50 ${read.p50Ms.toFixed(0)} / p95 ${read.p95Ms.toFixed(0)} ms`)
    .join(", ");
}
