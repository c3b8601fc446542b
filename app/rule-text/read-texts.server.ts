// Reading rules' full texts, off the request path (the rule-texts job): each rule's or proposed rule's full-text XML,
// through the fetcher (address policy, caps, time limits), one request at a time and no faster than
// RULE_TEXT_REQUEST_INTERVAL_MS, so the Federal Register is never pressed. A failed read is tried again later, waiting
// longer after each failure.
import { config } from "../config.server";
import { fetchStream } from "../fetcher/http-client.server";
import { storableJson, storableText } from "../text/storable";
import { doublingDelay, sleep } from "../time";
import { readRuleStatements, statedDesignation } from "./statements";
import { documentsAwaitingText, documentsAwaitingTextCount, recordRuleTextFailure, saveRuleText } from "./store.server";

const HOUR = 3_600_000;
/** After the n-th failure the next try waits 2^(n-1) hours, at most a week: a document missing today may appear. */
export function retryDelayMs(attempts: number) {
  return doublingDelay(Math.max(1, attempts), HOUR, 7 * 24 * HOUR);
}

export type RuleTextRun = { read: number; failed: number; designated: number; remaining: number; readIds: number[] };

/** Reads the full texts due (RULE_TEXTS_PER_RUN at most), newest documents first. */
export async function readRuleTexts(options: { signal?: AbortSignal; progress?: (run: Omit<RuleTextRun, "readIds">) => unknown; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const settings = config();
  const due = await documentsAwaitingText(settings.RULE_TEXTS_PER_RUN, now());
  const run: RuleTextRun = { read: 0, failed: 0, designated: 0, remaining: due.length, readIds: [] };
  for (const [index, document] of due.entries()) {
    if (options.signal?.aborted) break;
    if (index > 0) await sleep(settings.RULE_TEXT_REQUEST_INTERVAL_MS, options.signal);
    try {
      const response = await fetchStream(document.url!, { accept: "application/xml, text/xml;q=0.9", signal: options.signal });
      if (response.status !== 200) {
        response.body.destroy();
        throw new Error(`the Federal Register answered HTTP ${response.status}`);
      }
      const text = await readRuleStatements(response.body);
      if (!text.documentType) throw new Error(text.warnings[0]?.message ?? "not a rule's full-text XML");
      const stated = statedDesignation(text.statements);
      const finalRule = document.documentType === "Rule" && document.effectiveOn ? { effectiveOn: document.effectiveOn } : null;
      await saveRuleText(
        document.articleId,
        {
          statements: storableJson(text.statements),
          amends: text.amends,
          warnings: storableJson(text.warnings),
          designation: stated.designation,
          designationSentence: stated.sentence === null ? null : storableText(stated.sentence),
        },
        finalRule,
        now(),
      );
      run.read++;
      run.readIds.push(document.articleId);
      if (stated.designation) run.designated++;
    } catch (error) {
      if (options.signal?.aborted) break;
      run.failed++;
      const attempts = (document.attempts ?? 0) + 1;
      await recordRuleTextFailure(document.articleId, storableText((error as Error).message, 500), new Date(now().getTime() + retryDelayMs(attempts)));
    }
    run.remaining = due.length - index - 1;
    await options.progress?.({ read: run.read, failed: run.failed, designated: run.designated, remaining: run.remaining });
  }
  run.remaining = await documentsAwaitingTextCount(now());
  return run;
}
