import { describe, expect, it } from "vitest";
import { formatCount } from "~/text/count";
import { seededRandom } from "../support/seeded-random";

describe("formatCount", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    const random = seededRandom(67);
    const samples = [0, 1, -1, 7, 12, 999, 1000, -1000, 1001, 12_345, 100_000, 999_999, 1_000_000, -45_678_901, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor((random() - 0.3) * 10 ** Math.floor(random() * 16)));
    for (const n of samples) expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-US"));
  });

  it("leaves what is not a safe whole number to Intl", () => {
    for (const n of [1.5, 1234.567, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
