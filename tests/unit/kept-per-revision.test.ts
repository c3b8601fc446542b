// Values kept per key and revision (app/kept-per-revision.ts): the bound on their weight holds when a kept value
// grows in place and is weighed again.
import { describe, expect, it } from "vitest";
import { keptPerRevision } from "~/kept-per-revision";

describe("values kept per revision", () => {
  it("weighs a value again after it grew, and drops the least recently used to stay within the bound", async () => {
    const kept = keptPerRevision<{ size: number }>({ capacity: 10, weigh: (value) => value.size });
    const a = await kept("a", "1", async () => ({ size: 3 }));
    await kept("b", "1", async () => ({ size: 3 }));
    expect(kept.stats()).toEqual({ entries: 2, weight: 6 });

    a.size = 5;
    kept.reweigh("a");
    expect(kept.stats()).toEqual({ entries: 2, weight: 8 });

    // "a" is used again and grows past the bound: "b", used least recently, goes.
    expect(kept.peek("a", "1")).toBe(a);
    a.size = 8;
    kept.reweigh("a");
    expect(kept.stats()).toEqual({ entries: 1, weight: 8 });
    expect(kept.peek("a", "1")).toBe(a);
    expect(kept.peek("b", "1")).toBeUndefined();

    // A key no longer kept is left alone.
    kept.reweigh("b");
    expect(kept.stats()).toEqual({ entries: 1, weight: 8 });
  });
});
