// The shared pages' revision read by the database's change stamp (app/feed/store/shared-feed.server.ts,
// docs/decisions/051): exact for a commit by another connection (the job runner, another worker) and for the day,
// which moves at local midnight, daylight saving days included.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { engine } from "~/db.server";
import { feedRevision } from "~/feed/shared-feed.server";

const dayOf = (revision: string) => revision.split(".").at(-1);

describe("the shared pages' revision", () => {
  it.runIf(engine() === "sqlite")("moves when another connection commits, and stays while nothing does", async () => {
    const before = await feedRevision();
    expect(await feedRevision()).toBe(before);
    const chosen = config().DATABASE;
    const other = new Database(chosen.engine === "sqlite" ? chosen.file : "");
    try {
      other.prepare("UPDATE article_revision SET revision = revision + 1 WHERE id = 1").run();
    } finally {
      other.close();
    }
    const after = await feedRevision();
    expect(after).not.toBe(before);
    expect(await feedRevision()).toBe(after);
  });

  it("moves at local midnight, on an ordinary day and on the days the clocks change", async () => {
    expect(config().APP_TIMEZONE).toBe("America/New_York");
    const cases = [
      ["2026-01-15T04:59:59.999Z", "2026-01-14", "2026-01-15T05:00:00.000Z", "2026-01-15"],
      // Clocks go forward on 2026-03-08: that day ends at 04:00 UTC.
      ["2026-03-09T03:59:59.999Z", "2026-03-08", "2026-03-09T04:00:00.000Z", "2026-03-09"],
      // Clocks go back on 2026-11-01: that day ends at 05:00 UTC.
      ["2026-11-02T04:59:59.999Z", "2026-11-01", "2026-11-02T05:00:00.000Z", "2026-11-02"],
    ];
    for (const [last, lastDay, first, firstDay] of cases) {
      expect(dayOf(await feedRevision(new Date(last)))).toBe(lastDay);
      expect(dayOf(await feedRevision(new Date(first)))).toBe(firstDay);
      // Back again: nothing kept from the later day.
      expect(dayOf(await feedRevision(new Date(last)))).toBe(lastDay);
    }
  });
});
