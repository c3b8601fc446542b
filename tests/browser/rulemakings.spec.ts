// A rulemaking, with JavaScript on and off: a Federal Register document's card says it is part of a rulemaking and
// links to its page, which shows the timeline, where it stands and the court decision naming it. Rows are written
// into the test server's database for this spec and removed afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Rulemaking E2E";
const COURT_SOURCE = "Rulemaking E2E court";
const DAY = 86_400_000;
let rin: string;
let title: string;
let firstPublished: number;

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  rin = project === "js" ? "2060-ZY01" : "2060-ZY02";
  title = `Bryophyte habitat standards (${project})`;
  // Years back: these never top the feed that other spec files read.
  firstPublished = Date.now() - 800 * DAY;
  const documents = [
    { number: `E2E-RM-${project}-1`, type: "Proposed Rule", action: "Proposed rule.", title, published: firstPublished, category: undefined },
    { number: `E2E-RM-${project}-2`, type: "Rule", action: "Final rule.", title, published: firstPublished + 200 * DAY, category: undefined },
    {
      number: `E2E-RM-${project}-3`,
      type: "Rule",
      action: "Final rule; delay of effective date.",
      title: `${title}; Delay of Effective Date`,
      published: firstPublished + 300 * DAY,
      // The delay rolls the rule back: the rulemaking is in the Regulatory Rollbacks view.
      category: "regulatory-rollbacks",
    },
  ];
  const agencies = ["Fish and Wildlife Service"];
  const court = `https://www.courtlistener.com/opinion/e2e-${project}/`;
  await seedArticles([
    ...documents.map((doc) => ({
      title: doc.title,
      summary: "The agency sets habitat standards.",
      category: doc.category ?? "new-regulations",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/d/${doc.number}`,
      publishDate: new Date(doc.published),
      documentNumber: doc.number,
      documentType: doc.type,
      registerAction: doc.action,
      agencies,
      regulationIdNumbers: [rin],
    })),
    {
      title: `Moss Growers v. Service (${project})`,
      summary: `The court vacated the rule (RIN ${rin}).`,
      category: "legal-decisions",
      sourceName: COURT_SOURCE,
      originalUrl: court,
      publishDate: new Date(firstPublished + 400 * DAY),
    },
  ]);
});

test.afterAll(() => {
  removeArticles(SOURCE, COURT_SOURCE);
});

test("a card links to its rulemaking, whose page tells the story and where it stands", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/?q=${encodeURIComponent("Bryophyte")}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  const card = page.locator("article.article-card", { has: page.getByRole("heading", { name: `${title}; Delay of Effective Date` }) });
  const link = card.getByRole("link", { name: `Part of a rulemaking: 3 documents since ${new Date(firstPublished).getUTCFullYear()}` });
  await expect(link).toHaveAttribute("href", `/rulemakings/${rin}`);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/rulemakings/${rin}$`));
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.getByText("Vacated", { exact: true })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Documents of the rulemaking, oldest first" });
  await expect(timeline.getByRole("listitem")).toHaveCount(3);
  await expect(timeline.getByRole("listitem").nth(0)).toContainText("Proposed rule");
  await expect(timeline.getByRole("listitem").nth(2)).toContainText("Delay of effective date");
  const named = page.getByRole("region", { name: "Court decisions and legislation naming it" });
  await expect(named.getByRole("link", { name: `Moss Growers v. Service (${test.info().project.name})` })).toBeVisible();

  // Each document links back to its own page.
  await timeline.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/articles\/\d+-/);
});

test("the Regulatory Rollbacks view shows rulemakings instead of documents through a plain link", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?category=regulatory-rollbacks");
  await hydrated(page, Boolean(javaScriptEnabled));
  await page.getByRole("link", { name: "Rulemakings", exact: true }).click();
  await expect(page).toHaveURL(/\?category=regulatory-rollbacks&group=rulemaking$/);
  const rows = page.getByRole("list", { name: "Rulemakings, the latest move first" });
  const row = rows.getByRole("listitem").filter({ hasText: rin });
  await expect(row).toContainText("Delayed");
  await expect(row).toContainText("3 documents");
  await expect(row).toContainText("Last move: Delay of effective date");
  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rulemakings/${rin}$`));
  await page.goBack();
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await expect(page).toHaveURL(/\?category=regulatory-rollbacks$/);
  await expect(page.getByRole("heading", { name: "Latest articles" })).toBeVisible();
});

test("an unknown rulemaking is a 404 page", async ({ page }) => {
  const response = await page.goto("/rulemakings/9999-ZZ98");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page not found")).toBeVisible();
});
