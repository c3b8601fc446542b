// The two benchmarks that own their data (a 100,000-article related-articles corpus; a stand-in Federal Register
// API and 200 local feeds) run as their own scripts; these steps run them in the same `npm run bench` and read
// their figures, so every ratio of the issue is measured in one run.
import path from "node:path";
import { runToEnd } from "../child-process";
import type { BenchStep, Ratio, StepResult } from "../types";

async function runScript(file: string, args: string[] = []) {
  const result = await runToEnd(path.resolve("node_modules/.bin/tsx"), [file, ...args], { capture: true });
  if (result.status !== 0) throw new Error(`${file} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

function number(output: string, pattern: RegExp, what: string) {
  const match = output.match(pattern);
  if (!match) throw new Error(`Could not read ${what} from the output:\n${output}`);
  return Number(match[1].replace(/,/g, ""));
}

/** One corpus's related-articles figures: the search with an empty cache against the brute-force scorer. */
async function relatedRatio(corpus: string, args: string[]) {
  const output = await runScript("tests/bench/related.ts", args);
  const fast = number(output, /indexed search: median ([\d.]+) ms/, "the indexed median");
  const cached = number(output, /stored lists:\s+median ([\d.]+) ms/, "the stored-lists median");
  const brute = number(output, /brute force:\s+median ([\d.]+) ms/, "the brute-force median");
  const identical = /identical results: yes/.test(output);
  const ratio: Ratio = {
    name: `Related articles for a 12-card page, empty cache: brute force / indexed (100,000 articles, ${corpus})`,
    value: brute / fast,
    target: ">= 20, identical results",
    met: brute / fast >= 20 && identical,
    detail: `${fast.toFixed(1)} ms vs ${brute.toFixed(1)} ms (${cached.toFixed(2)} ms from the stored lists); identical: ${identical ? "yes" : "NO"}`,
  };
  return {
    ratio,
    figures: {
      [`${corpus}: page median ms`]: fast,
      [`${corpus}: stored lists median ms`]: cached,
      [`${corpus}: brute force median ms`]: brute,
      [`${corpus}: identical`]: identical,
    },
  };
}

export const relatedStep: BenchStep = {
  name: "related",
  sqliteOnly: "tests/bench/related.ts builds and reads its SQLite corpora itself",
  async run(context): Promise<StepResult> {
    // The Federal Register sample repeated (its own cached corpus), and the generated corpus the feed is measured on.
    const results = [await relatedRatio("Federal Register sample", []), await relatedRatio("generated", ["--db", context.databases.large, "--runs", "5"])];
    return { figures: { related: results.map((r) => r.figures) }, ratios: results.map((r) => r.ratio) };
  },
};

export const rescrapeStep: BenchStep = {
  name: "rescrape",
  sqliteOnly: "tests/bench/ingest.ts scrapes into a SQLite file of its own",
  async run(): Promise<StepResult> {
    const output = await runScript("tests/bench/ingest.ts");
    const rate = number(output, /\(([\d,]+) documents\/s/, "the backfill rate");
    const percent = number(output, /= ([\d.]+)% of the first scrape/, "the re-scrape fraction");
    return {
      figures: { federalRegisterBackfillDocumentsPerSecond: rate, rescrapePercentOfFirst: percent },
      ratios: [
        {
          name: "Re-scrape of 200 unchanged feeds / first scrape (time)",
          value: percent / 100,
          target: "well below 1 (conditional GET: no bodies)",
          met: percent < 50,
          detail: `${percent}% of the first scrape; backfill from the stand-in API at ${rate.toLocaleString("en-US")} documents/s`,
        },
      ],
    };
  },
};
