import { describe, expect, it } from "vitest";
import { truncateAtWord } from "~/text/truncate";

// One rule for every cut: cards, titles, feed summaries, the newsletter, sentences too long to fit.
describe("truncateAtWord", () => {
  it("keeps text that fits, and cuts longer text at a word, the ellipsis within the limit", () => {
    expect(truncateAtWord("short enough", 12)).toBe("short enough");
    expect(truncateAtWord("Agencies delay the effective date, again", 36)).toBe("Agencies delay the effective date…");
    for (const max of [10, 37, 200]) expect(truncateAtWord("word ".repeat(100), max).length).toBeLessThanOrEqual(max);
  });

  it("cuts inside a word when the last space would waste most of the room", () => {
    expect(truncateAtWord("a supercalifragilisticexpialidocious rule", 20)).toBe("a supercalifragilis…");
  });
});
