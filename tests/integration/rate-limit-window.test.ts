// A key's rate-limit window opens at its first hit: a burst that straddles a quarter hour on the clock is one
// burst, not two halves each under the limit (which is how a login test once let an 11th guess through).
import { describe, expect, it } from "vitest";
import { hitRateLimit, type RateLimitRule } from "~/rate-limit.server";

const rule: RateLimitRule = { name: "window-test", limit: 10, windowMs: 15 * 60_000 };
/** One millisecond before a quarter hour on the clock (windows aligned to the clock would end there). */
const edge = Math.floor(Date.now() / rule.windowMs) * rule.windowMs - 1;

describe("rate-limit windows", () => {
  it("counts a burst across a quarter hour on the clock as one window", async () => {
    const waits = [];
    for (let i = 0; i < 11; i++) waits.push(await hitRateLimit(rule, "straddling", edge - 5 + i));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    // Over the limit: wait until 15 minutes after the first hit.
    expect(waits[10]).toBe(rule.windowMs - 10);
  });

  it("opens a new window once the first hit's window has passed", async () => {
    for (let i = 0; i < 11; i++) await hitRateLimit(rule, "later", edge + i);
    expect(await hitRateLimit(rule, "later", edge + rule.windowMs - 1)).toBeGreaterThan(0);
    expect(await hitRateLimit(rule, "later", edge + rule.windowMs)).toBe(0);
  });
});
