// Documents on the Federal Register's public inspection desk, with JavaScript on and off: the feed card and the
// article page show "On public inspection: publishes {date}", or "Was on public inspection: due to publish {date}"
// once that day has passed without the published version, and a special filing is marked. Rows are written into
// the test server's database for this spec (as the desk source stores them) and removed afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Public inspection E2E";
/** A month ahead: still to be published, whatever the test server's time zone. */
const AHEAD = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const BADGE = `On public inspection: publishes ${new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(new Date(`${AHEAD}T12:00:00Z`))}`;
const PASSED_BADGE = "Was on public inspection: due to publish Sep 15, 2025";
let regular: string;
let special: string;

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  regular = `Wollastonite measurement systems for market dominant products (${project})`;
  special = `Wollastonite flooring from abroad: notice of court decision (${project})`;
  // The special filing's day has passed without its published version being read.
  const desk = [
    { title: regular, number: `E2E-PI-${project}-1`, type: "Proposed Rule", publishesOn: AHEAD, specialFiling: false },
    { title: special, number: `E2E-PI-${project}-2`, type: "Notice", publishesOn: "2025-09-15", specialFiling: true },
  ];
  await seedArticles(
    desk.map((doc) => ({
      title: doc.title,
      summary: "",
      categoryReason: "new: proposed rule",
      priorityReason: "medium: default",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/public-inspection/${doc.number}/e2e`,
      // A year back: it never tops the feed that other spec files read.
      publishDate: new Date(Date.now() - 365 * 86_400_000),
      documentNumber: doc.number,
      documentType: doc.type,
      publicInspectionPublishesOn: doc.publishesOn,
      specialFiling: doc.specialFiling,
    })),
  );
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

test("the card and the article page say when a document on public inspection publishes (or was due to), and mark special filings", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(`/?q=${encodeURIComponent("Wollastonite")}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  const regularCard = page.locator("article.article-card", { has: page.getByRole("heading", { name: regular }) });
  const specialCard = page.locator("article.article-card", { has: page.getByRole("heading", { name: special }) });
  await expect(regularCard.getByText(BADGE, { exact: true })).toBeVisible();
  await expect(regularCard.getByText("Special filing", { exact: true })).toHaveCount(0);
  await expect(specialCard.getByText(PASSED_BADGE, { exact: true })).toBeVisible();
  await expect(specialCard.getByText(BADGE, { exact: true })).toHaveCount(0);
  await expect(specialCard.getByText("Special filing", { exact: true })).toBeVisible();

  await specialCard.getByRole("link", { name: special }).click();
  const heading = page.getByRole("heading", { level: 2, name: special });
  await expect(heading).toBeVisible();
  const article = page.locator("article.article-card", { has: heading });
  await expect(article.getByText(PASSED_BADGE, { exact: true })).toBeVisible();
  await expect(article.getByText("Special filing", { exact: true })).toBeVisible();
});
