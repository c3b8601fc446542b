// The official EO 14192 designation, with JavaScript on and off: a Federal Register document whose rulemaking the
// Unified Agenda designates Deregulatory shows the badge and its edition on its feed card and on its page, where
// the rulemaking's stage, priority and timetable follow. Rows are written into the test server's database for this
// spec and removed afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, removeArticles, seed, seedArticles } from "./e2e";

const SOURCE = "Official designation E2E";
let title: string;
let rin: string;

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  title = `Quillwort vehicle standards reconsideration (${project})`;
  rin = project === "js" ? "2060-ZZ01" : "2060-ZZ02";
  seed(
    `INSERT INTO agenda_entries (rin, publication_id, designation, stage, priority, major, timetable, title, agency, parent_agency, updated_at)
     VALUES (?, '202504', 'Deregulatory', 'Proposed Rule Stage', 'Economically Significant', 1, ?, ?, 'Office of Air and Radiation',
             'Environmental Protection Agency', ?)`,
    rin,
    JSON.stringify([{ action: "NPRM", date: "07/00/2025" }]),
    "Reconsideration of vehicle standards",
    Date.now(),
  );
  await seedArticles([
    {
      title,
      summary: "The agency reconsiders its vehicle standards.",
      category: "regulatory-rollbacks",
      categoryReason: "rollback: officially deregulatory (EO 14192), Unified Agenda Spring 2025",
      priorityReason: "medium: rollback of requirements",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/d/e2e-designation-${project}`,
      // A year back: it never tops the feed that other spec files read.
      publishDate: new Date(Date.now() - 365 * 86_400_000),
      documentNumber: `E2E-OD-${project}`,
      documentType: "Proposed Rule",
      agencies: ["Environmental Protection Agency"],
      regulationIdNumbers: [rin],
    },
  ]);
});

test.afterAll(() => {
  removeArticles(SOURCE);
  seed("DELETE FROM agenda_entries WHERE rin IN ('2060-ZZ01', '2060-ZZ02')");
});

test("the card and the article page say the rulemaking is officially deregulatory, with the edition", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/?q=${encodeURIComponent("Quillwort")}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  const card = page.locator("article.article-card", { has: page.getByRole("heading", { name: title }) });
  const badge = card.getByText("Officially deregulatory (EO 14192)", { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("title", `Unified Agenda, Spring 2025 (RIN ${rin})`);
  await expect(card.getByText("Unified Agenda, Spring 2025", { exact: true })).toBeVisible();

  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(page.getByText("Officially deregulatory (EO 14192)", { exact: true }).first()).toBeVisible();
  const agenda = page.getByRole("region", { name: "Unified Agenda, Spring 2025" });
  await expect(agenda).toContainText("Proposed Rule Stage");
  await expect(agenda).toContainText("Economically Significant, major rule");
  await expect(agenda).toContainText("NPRM: July 2025");
  await expect(agenda.getByRole("link", { name: new RegExp(`RIN ${rin}`) })).toHaveAttribute("href", new RegExp(`pubId=202504&RIN=${rin}`));
});
