// The committed word model (model.json), read from its file at its first use rather than bundled. Bundled, its
// 24,852 features were built at the web process's start, and V8 kept both the object (3.6 MB) and the literal it
// was built from (2.3 MB, in the bundle's top-level code) for the life of every process, though the web process
// classifies only when an editor adds an article or asks for tags (docs/benchmarks.md, "What the web process's
// live heap holds").
import fs from "node:fs";
import path from "node:path";
import type { WordModel } from "./model";

/** Resolved from the project root, as db/migrations is (db/client.ts): the web bundle, the runner and the scripts run from there. */
export const MODEL_FILE = path.resolve("app/classify/model.json");

let model: WordModel | undefined;

/** The committed word model, read once. */
export function committedModel(): WordModel {
  return (model ??= JSON.parse(fs.readFileSync(MODEL_FILE, "utf8")) as WordModel);
}
