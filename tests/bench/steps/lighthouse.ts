// Lighthouse (default mobile profile, simulated throttling) with the system Chromium:
// performance, accessibility and best-practices scores for the public pages.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumExecutable } from "../../browser/chromium.mjs";
import type { BenchStep, Ratio } from "../types";
import { newestArticlePath } from "./reader-pages";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
export const LIGHTHOUSE_TARGET = 95;

export async function lighthouseScores(url: string) {
  // The system Chromium, else the one Playwright's installer fetched (what `ensure-chromium` provides).
  const chromePath = chromiumExecutable() ?? chromium.executablePath();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    // What cost points, so a shortfall names its cause.
    const failing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${id}: ${lhr.audits[ref.id].title} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    );
    const totalByteWeight = lhr.audits["total-byte-weight"]?.numericValue;
    return { url, scores, failing, totalByteWeight, runtimeError: lhr.runtimeError?.message };
  } finally {
    await chrome.kill();
  }
}

/** Runs Lighthouse asks to be run again: its trace of the page load failed (NO_NAVSTART, NO_FCP), so no score is the page's. */
const RUNS_FOR_A_TRACE = 3;

/** The scores of the first run whose trace Lighthouse could read; the last run's error when none could. */
async function scoresOfARecordedRun(url: string) {
  for (let attempt = 1; ; attempt++) {
    const report = await lighthouseScores(url);
    if (!report.runtimeError || attempt === RUNS_FOR_A_TRACE) return { ...report, attempts: attempt };
  }
}

export const lighthouseStep: BenchStep = {
  name: "lighthouse",
  async run(context) {
    const reports = [];
    const ratios: Ratio[] = [];
    // The pages: the feed and an article page (the newest article's); /about beside them, as in earlier runs.
    for (const path of ["/", await newestArticlePath(context.servers.large.url), "/about"]) {
      const report = await scoresOfARecordedRun(context.servers.large.url + path);
      reports.push({ ...report, url: path });
      for (const category of CATEGORIES) {
        const score = report.scores[category];
        ratios.push({
          name: `Lighthouse ${category} ${path}`,
          value: score,
          target: `>= ${LIGHTHOUSE_TARGET}`,
          met: score >= LIGHTHOUSE_TARGET,
          detail: report.runtimeError
            ? `Lighthouse could not score the page in ${report.attempts} runs: ${report.runtimeError}`
            : report.failing.filter((line) => line.startsWith(category)).join("; ") || "no failing audits",
        });
      }
    }
    return { figures: { lighthouse: reports }, ratios };
  },
};
