// How the web process is started, by `npm start` (jobs/launch.ts) and by the tests and benchmarks that run
// the production build: server.ts compiled by `npm run build`, on plain Node (docs/decisions/016).
//
// A young generation of 4 MB semispaces instead of V8's default 16 MB: renders allocate many short-lived
// objects, and with 20 concurrent clients on 100,000 articles the default let the process grow to 262-308 MB
// (VmHWM) against 209-215 MB with this setting, at the same throughput (alternating runs, same machine).
// The old generation grows to twice what survives a full collection, where V8 chose three to four times
// (docs/decisions/059): with a live heap of about 40 MB, a full collection is cheap, and the peak fell from 406 to
// 297 MB over the whole bench at the same CPU. No hard limit on it (docs/decisions/025): `--max-old-space-size`
// turns a burst into a crash.
// With WEB_CONCURRENCY > 1 these arguments start the primary, and node:cluster gives each worker the same ones.
/** Node's settings alone: the bench's reference servers run with them too, so their memory compares with the product's. */
export const WEB_PROCESS_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4", "--heap-growing-percent=100"];
export const WEB_PROCESS_ARGS = [...WEB_PROCESS_NODE_FLAGS, "build/server.js"];

/**
 * The environment the web process starts with, beside its caller's. glibc's allocator gives each thread that
 * allocates at once an arena of its own (up to eight per core): libuv's pool compressing answers and V8's helper
 * threads each kept freed memory in theirs. Two arenas took the reader pages' sequence from 254-268 to 211-221 MB
 * at the same CPU (docs/decisions/060). Ignored by other allocators; workers inherit it.
 */
export const WEB_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

/** `env` with the web process's settings it does not set itself: a value the operator chose wins. */
export function webProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...WEB_PROCESS_ENV, ...env };
}
