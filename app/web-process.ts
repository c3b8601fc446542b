// How the web process is started, by `npm start` (jobs/launch.ts) and by the tests and benchmarks that run
// the production build: server.ts compiled by `npm run build`, on plain Node (docs/decisions/016).
//
// A young generation of 4 MB semispaces instead of V8's default 16 MB: renders allocate many short-lived
// objects, and with 20 concurrent clients on 100,000 articles the default let the process grow to 262-308 MB
// (VmHWM) against 209-215 MB with this setting, at the same throughput (alternating runs, same machine).
// No limit on the old generation (docs/decisions/025): what grows under load is garbage V8 has not collected
// yet, not retained objects, and the settings that cut it cost CPU (`--heap-growing-percent=50`: 43 % less peak
// memory for 7.6 % more CPU at 100,000 articles; `--max-old-space-size=160`: +12 % CPU, and a crash past it).
// With WEB_CONCURRENCY > 1 these arguments start the primary, and node:cluster gives each worker the same ones.
export const WEB_PROCESS_ARGS = ["--max-semi-space-size=4", "build/server.js"];
