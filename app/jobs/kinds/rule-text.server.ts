// The `rule-texts` job (every 10 minutes while documents wait, `npm run jobs -- rule-texts`): reads rules' and
// proposed rules' full texts, then judges those articles again, since a document's own statement decides its
// category. The `redlines` job (every 30 minutes while parts wait): compares the CFR parts final rules amend.
import { rejudgeArticles } from "../../classify/reclassify.server";
import { readRedlines } from "../../rule-text/read-redlines.server";
import { readRuleTexts } from "../../rule-text/read-texts.server";
import type { JobHandler } from "../types";

export const runRuleTexts: JobHandler = async (_params, context) => {
  const { readIds, ...run } = await readRuleTexts({ signal: context.signal, progress: (progress) => context.progress(progress) });
  const rejudged = await rejudgeArticles(readIds);
  context.log(`read ${run.read} full texts (${run.designated} state their designation), ${run.failed} failed; ${run.remaining} wait`);
  return { ...run, rejudged };
};

export const runRedlines: JobHandler = async (_params, context) => {
  const run = await readRedlines({ signal: context.signal, progress: (progress) => context.progress(progress) });
  context.log(`compared ${run.compared} CFR parts; ${run.waiting} wait for eCFR, ${run.failed} failed`);
  return run;
};
