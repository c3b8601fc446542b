// A slipping rulemaking, with JavaScript on and off: its agenda's next action is past due with nothing published since
// the edition, so its page and the grouped view say "Overdue since {day}", and the feed's overdue view of its agency
// lists its document. The agenda entry and the document are written into the test server's database for this spec
// (with the due day the agenda's store would write, app/agenda/next-action.ts) and removed afterwards.
import { expect, test } from "@playwright/test";
import { dayLabel } from "~/agenda/next-action";
import { hydrated, removeArticles, seed, seedArticles } from "./e2e";

const SOURCE = "Overdue E2E";
const DAY = 86_400_000;
let rin: string;
let title: string;
let agency: string;
let overdueSince: string;

const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  rin = project === "js" ? "2060-ZX01" : "2060-ZX02";
  title = `Liverwort emission standards withdrawal (${project})`;
  agency = `Bryophyte Protection Agency (${project})`;
  // An edition of about two months ago, newer than any other spec's (the loaded edition is the newest), whose final
  // rule was due ten days into it; the proposal it cites came out before it.
  const edition = new Date(Date.now() - 60 * DAY);
  const editionStart = Date.UTC(edition.getUTCFullYear(), edition.getUTCMonth(), 1);
  const publicationId = isoDay(editionStart).slice(0, 7).replace("-", "");
  const due = isoDay(editionStart + 10 * DAY);
  overdueSince = isoDay(editionStart + 11 * DAY);
  const [year, month, day] = due.split("-");
  seed(
    `INSERT INTO agenda_entries (rin, publication_id, designation, stage, priority, major, timetable, title, agency, parent_agency, next_action_date, updated_at)
     VALUES (?, ?, 'Deregulatory', 'Final Rule Stage', 'Other Significant', 0, ?, ?, 'Office of Mosses', ?, ?, ?)`,
    rin,
    publicationId,
    JSON.stringify([
      { action: "NPRM", date: "09/14/2023", frCitation: "88 FR 63010" },
      { action: "Final Rule", date: `${month}/${day}/${year}`, frCitation: null },
    ]),
    title,
    agency,
    due,
    Date.now(),
  );
  await seedArticles([
    {
      title,
      summary: "The agency proposes to withdraw its liverwort emission standards.",
      category: "regulatory-rollbacks",
      categoryReason: "rollback: officially deregulatory (EO 14192)",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/d/e2e-overdue-${project}`,
      publishDate: new Date(editionStart - 5 * DAY),
      documentNumber: `E2E-OV-${project}`,
      documentType: "Proposed Rule",
      registerAction: "Proposed rule.",
      agencies: ["Environmental Protection Agency"],
      regulationIdNumbers: [rin],
    },
  ]);
});

test.afterAll(() => {
  removeArticles(SOURCE);
  seed("DELETE FROM agenda_entries WHERE rin IN ('2060-ZX01', '2060-ZX02')");
});

test("the rulemaking page shows since when its next action is overdue", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/rulemakings/${rin}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  const label = `Overdue since ${dayLabel(overdueSince)}`;
  await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  const agenda = page.getByRole("region", { name: /^Unified Agenda, / });
  await expect(agenda).toContainText("Next action");
  await expect(agenda.getByText(label, { exact: true })).toBeVisible();
});

test("the grouped view marks the overdue rulemaking, and its agency's overdue view lists its document", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?category=regulatory-rollbacks&group=rulemaking");
  await hydrated(page, Boolean(javaScriptEnabled));
  const row = page.getByRole("list", { name: "Rulemakings, the latest move first" }).getByRole("listitem").filter({ hasText: rin });
  await expect(row.getByText(`Overdue since ${dayLabel(overdueSince)}`, { exact: true })).toBeVisible();

  await page.goto(`/?overdue=${encodeURIComponent(agency)}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  await expect(page.getByRole("list", { name: "Following" })).toContainText(`Overdue rulemakings of ${agency}`);
  const cards = page.locator("article.article-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("heading", { name: title })).toBeVisible();
});
