// Comparing the CFR parts final rules amend, off the request path (the redlines job): for each part, eCFR's versions
// say which texts were in force the day before the rule's effective date and on it; both are read (each version
// once, then kept compressed), compared by section and paragraph (redline.ts) and counted for restriction words
// (restrictions.ts). A part whose new text eCFR has not published yet is asked again a day later.
import { config } from "../config.server";
import { fetchStream, fetchUrl } from "../fetcher/http-client.server";
import { storableText } from "../text/storable";
import { sleep } from "../time";
import { readPart } from "./ecfr-part";
import { chooseVersionsToCompare, ecfrVersionsAnswer } from "./ecfr-versions";
import { redlineParts } from "./redline";
import { redlineRestrictions } from "./restrictions";
import { deferRedline, redlinesAwaiting, saveRedline, storedPartVersion, storePartVersion } from "./store.server";
import { retryDelayMs } from "./read-texts.server";

const DAY = 86_400_000;
/** The most bytes of one part version read: 40 CFR 63, the largest part, is some tens of megabytes. */
export const PART_MAX_BYTES = 128 * 1024 * 1024;
/** A part whose new text eCFR has not published stops being asked about this long after the effective date. */
const GIVE_UP_AFTER_MS = 180 * DAY;

/** Reads a stream to the end into one buffer, refusing more than `maxBytes`. */
async function readAll(body: AsyncIterable<Buffer>, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`the part is larger than ${Math.round(maxBytes / 1_048_576)} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The buffer as chunks, so the part reader streams it rather than holding a second copy as one string. */
async function* chunksOf(buffer: Buffer, size = 1 << 20) {
  for (let start = 0; start < buffer.length; start += size) yield buffer.subarray(start, start + size);
}

/** A part's XML on a version date: kept from an earlier read, or read from eCFR and kept. */
async function partXml(title: number, part: number, date: string, signal?: AbortSignal) {
  const kept = await storedPartVersion(title, part, date);
  if (kept) return kept;
  const url = new URL(`/api/versioner/v1/full/${date}/title-${title}.xml`, config().ECFR_API_URL);
  url.searchParams.set("part", String(part));
  const response = await fetchStream(url.toString(), { accept: "application/xml", signal });
  if (response.status !== 200) {
    response.body.destroy();
    throw new Error(`eCFR answered HTTP ${response.status} for title ${title} part ${part} on ${date}`);
  }
  const xml = await readAll(response.body, PART_MAX_BYTES);
  await storePartVersion(title, part, date, xml);
  return xml;
}

export type RedlineRun = { compared: number; waiting: number; failed: number };

/** Compares the parts due (REDLINES_PER_RUN at most). */
export async function readRedlines(options: { signal?: AbortSignal; progress?: (run: RedlineRun) => unknown; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const settings = config();
  const run: RedlineRun = { compared: 0, waiting: 0, failed: 0 };
  let requests = 0;
  const paced = async () => {
    if (requests++ > 0) await sleep(settings.RULE_TEXT_REQUEST_INTERVAL_MS, options.signal);
  };
  for (const pending of await redlinesAwaiting(settings.REDLINES_PER_RUN, now())) {
    if (options.signal?.aborted) break;
    const { title, part, effectiveOn } = pending;
    try {
      await paced();
      const versionsUrl = new URL(`/api/versioner/v1/versions/title-${title}.json`, settings.ECFR_API_URL);
      versionsUrl.searchParams.set("part", String(part));
      const answer = await fetchUrl(versionsUrl.toString(), { accept: "application/json", signal: options.signal });
      if (answer.status !== 200) throw new Error(`eCFR answered HTTP ${answer.status} for the versions of title ${title} part ${part}`);
      const versions = ecfrVersionsAnswer.parse(JSON.parse(answer.text())).content_versions;
      const choice = chooseVersionsToCompare(versions, effectiveOn, String(part));
      if (choice.status === "not-published") {
        const late = now().getTime() - new Date(`${effectiveOn}T12:00:00Z`).getTime() > GIVE_UP_AFTER_MS;
        await deferRedline(pending, new Date(now().getTime() + (late ? 30 : 1) * DAY), now(), null);
        run.waiting++;
      } else if (choice.status === "no-change-on-date") {
        await saveRedline(pending, { status: "unchanged", beforeDate: choice.before, afterDate: choice.next, redline: null, removed: 0, added: 0 }, now());
        run.compared++;
      } else {
        if (choice.before) await paced();
        const before = choice.before ? await readPart(chunksOf(await partXml(title, part, choice.before, options.signal))) : { sections: [] };
        await paced();
        const after = await readPart(chunksOf(await partXml(title, part, choice.after, options.signal)));
        const redline = redlineParts(before, after);
        const { total } = redlineRestrictions(redline);
        await saveRedline(pending, { status: "compared", beforeDate: choice.before, afterDate: choice.after, redline, ...total }, now());
        run.compared++;
      }
    } catch (error) {
      if (options.signal?.aborted) break;
      run.failed++;
      await deferRedline(pending, new Date(now().getTime() + retryDelayMs(pending.attempts + 1)), now(), storableText((error as Error).message, 500));
    }
    await options.progress?.(run);
  }
  return run;
}
