// The store of answers every anonymous reader shares (app/http/shared-answers.server.ts, on
// app/kept-per-revision.ts): one answer made per key and revision however many ask at once, a new revision makes
// it again, a refusal is not kept, and the bytes kept stay within the bound, the least recently used dropped first.
import { describe, expect, it } from "vitest";
import { sharedAnswers } from "~/http/shared-answers.server";
import { storedList, type StoredList } from "~/http/responses.server";

/** A maker that counts its calls and answers a list of `size` items naming the key and the revision. */
function counting(size = 3) {
  const made: string[] = [];
  const make = (key: string, revision: string) => async (): Promise<StoredList> => {
    made.push(`${key}@${revision}`);
    return storedList(Array.from({ length: size }, (_, i) => ({ key, revision, i, text: "x".repeat(200) })));
  };
  return { made, make };
}

describe("shared answers", () => {
  it("makes one answer per key and revision, for readers asking at once and after", async () => {
    const answers = sharedAnswers();
    const { made, make } = counting();
    const first = await Promise.all([1, 2, 3].map(() => answers("/api/articles?limit=3", "r1", make("/api/articles?limit=3", "r1"))));
    expect(made).toEqual(["/api/articles?limit=3@r1"]);
    expect(new Set(first).size).toBe(1);
    expect(await answers("/api/articles?limit=3", "r1", make("/api/articles?limit=3", "r1"))).toBe(first[0]);
    expect(made).toHaveLength(1);

    // A new revision: made again, and the old answer is no longer given.
    const second = await answers("/api/articles?limit=3", "r2", make("/api/articles?limit=3", "r2"));
    expect(made).toEqual(["/api/articles?limit=3@r1", "/api/articles?limit=3@r2"]);
    expect(second.etag).not.toBe(first[0].etag);
    expect(answers.stats().entries).toBe(1);
  });

  it("keeps no refusal: every waiting reader gets it, and the next one asks again", async () => {
    const answers = sharedAnswers();
    let calls = 0;
    const refuse = async (): Promise<StoredList> => {
      calls++;
      throw new Error("refused");
    };
    const both = await Promise.allSettled([answers("/k", "r1", refuse), answers("/k", "r1", refuse)]);
    expect(both.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
    await expect(answers("/k", "r1", refuse)).rejects.toThrow("refused");
    expect(calls).toBe(2);
    expect(answers.stats()).toEqual({ entries: 0, weight: 0 });
  });

  it("holds no more bytes than its bound, dropping the least recently used first", async () => {
    const { made, make } = counting(50);
    const one = await storedListBytes(make);
    const answers = sharedAnswers(one * 2 + one / 2);
    await answers("/a", "r", make("/a", "r"));
    await answers("/b", "r", make("/b", "r"));
    await answers("/a", "r", make("/a", "r"));
    await answers("/c", "r", make("/c", "r"));
    expect(answers.stats().entries).toBe(2);
    expect(answers.stats().weight).toBeLessThanOrEqual(one * 2 + one / 2);
    made.length = 0;
    // /b was the least recently used: dropped; /a and /c are kept.
    await answers("/a", "r", make("/a", "r"));
    await answers("/c", "r", make("/c", "r"));
    expect(made).toEqual([]);
    await answers("/b", "r", make("/b", "r"));
    expect(made).toEqual(["/b@r"]);
  });
});

async function storedListBytes(make: (key: string, revision: string) => () => Promise<StoredList>) {
  return (await make("/size", "r")()).bytes;
}
