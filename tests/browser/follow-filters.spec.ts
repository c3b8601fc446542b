// Following a rulemaking, with JavaScript on and off: the rulemaking page and a document's page link to the feed's
// view of its RIN, where the RIN shows as a chip that other filter changes keep and its × removes; the view's alert
// form starts an alert named after the RIN; a docket and a CFR part are followed the same way. Rows are written into
// the test server's database for this spec and removed afterwards.
import { expect, test, type Page } from "@playwright/test";
import { emailsTo, hydrated, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Follow filters E2E";
const DAY = 86_400_000;
let rin: string;
let docket: string;
let title: string;

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  rin = project === "js" ? "2060-ZX01" : "2060-ZX02";
  docket = `EPA-HQ-E2E-${project.toUpperCase()}-0001`;
  title = `Liverwort emission standards (${project})`;
  // Years back: these never top the feed that other spec files read.
  const published = Date.now() - 900 * DAY;
  const documents = [
    { number: `E2E-FF-${project}-1`, type: "Proposed Rule", title: `${title}: proposal`, rins: [rin], dockets: [docket], cfr: ["40 CFR 63"] },
    { number: `E2E-FF-${project}-2`, type: "Rule", title: `${title}: final rule`, rins: [rin], dockets: [], cfr: ["40 CFR 63", "40 CFR 60"] },
    { number: `E2E-FF-${project}-3`, type: "Notice", title: `${title}: docket notice`, rins: [], dockets: [docket], cfr: [] },
  ];
  await seedArticles(
    documents.map((doc, i) => ({
      title: doc.title,
      summary: "The agency sets emission standards.",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/d/${doc.number}`,
      publishDate: new Date(published + i * DAY),
      documentNumber: doc.number,
      documentType: doc.type,
      agencies: ["Environmental Protection Agency"],
      regulationIdNumbers: doc.rins,
      docketIds: doc.dockets,
      cfrReferences: doc.cfr,
    })),
  );
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

const cards = (page: Page) => page.locator("article.article-card");
const following = (page: Page) => page.getByRole("list", { name: "Following" });

test("the rulemaking page follows its RIN on the feed, kept across filter changes until removed", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/rulemakings/${rin}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  await page.getByRole("link", { name: "Follow this rulemaking" }).click();

  await expect(page).toHaveURL(new RegExp(`/\\?rin=${rin}#follow-view$`));
  await expect(following(page).getByRole("listitem")).toHaveText([`RIN ${rin}×`]);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText(`${title}: final rule`);

  // A picker keeps the RIN (with JavaScript a choice applies at once; without, the form's Apply button).
  await page.getByLabel("Document type").selectOption("rule");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?type=rule&rin=${rin}$`));
  await expect(cards(page)).toHaveCount(1);
  await expect(following(page)).toContainText(`RIN ${rin}`);
  // So does a category link.
  await page.getByRole("link", { name: "New Regulations" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?category=new-regulations&type=rule&rin=${rin}$`));
  await expect(following(page)).toContainText(`RIN ${rin}`);

  await following(page)
    .getByRole("link", { name: `Remove RIN ${rin}` })
    .click();
  await expect(page).toHaveURL(/\/\?category=new-regulations&type=rule$/);
  await expect(following(page)).toHaveCount(0);
});

test("an alert starts from the followed view, named after the RIN", async ({ browser, javaScriptEnabled }, testInfo) => {
  const project = testInfo.project.name;
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": `10.64.${project === "js" ? 1 : 2}.1` } });
  const page = await context.newPage();
  await page.goto(`/?rin=${rin.toLowerCase()}`);
  // The address is tidied to the RIN's one form.
  await expect(page).toHaveURL(new RegExp(`/\\?rin=${rin}$`));
  await hydrated(page, javaScriptEnabled);
  const address = `follow-rin-${project}@example.com`;
  const alertForm = page.getByRole("form", { name: "Email alert for this view" });
  await alertForm.getByLabel("Email me new articles for this view").fill(address);
  await alertForm.getByRole("button", { name: "Start alert" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?rin=${rin}#follow-view$`));
  await expect(page.getByText(/Check your inbox: follow the link/).first()).toBeVisible();
  await expect.poll(() => emailsTo(address).length).toBe(1);
  expect(emailsTo(address)[0].text).toContain(`RIN ${rin}`);
  await context.close();
});

test("a document's page follows its rulemaking, and its docket and CFR parts select documents the same way", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/?rin=${rin}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  await cards(page)
    .filter({ hasText: `${title}: proposal` })
    .getByRole("link", { name: `${title}: proposal` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/articles\/\d+-/);
  await expect(page.getByRole("link", { name: "Follow this rulemaking" })).toHaveAttribute("href", `/?rin=${rin}#follow-view`);

  // The CFR part it cites lists the documents citing it.
  await page.getByRole("link", { name: "40 CFR 63 (documents citing 40 CFR 63)" }).click();
  await expect(page).toHaveURL(/\/\?cfr=40-63$/);
  await expect(following(page)).toContainText("40 CFR 63");

  await page.goto(`/?docket=${docket.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`/\\?docket=${docket}$`));
  await expect(following(page)).toContainText(`Docket ${docket}`);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText(`${title}: docket notice`);
});
