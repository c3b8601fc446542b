// undici, required at its first use. The web process fetches from outside only when an editor adds an article by
// its address or a webhook is sent, and loading undici at start kept 3.4 MB of its modules alive in every web
// process (docs/benchmarks.md, "Modules the web process seldom uses, loaded when used"). undici is a CommonJS
// package, so it can be required when first needed, without making its callers wait.
import { createRequire } from "node:module";

type Undici = typeof import("undici");
let loaded: Undici | undefined;

export function undici(): Undici {
  return (loaded ??= createRequire(import.meta.url)("undici") as Undici);
}
