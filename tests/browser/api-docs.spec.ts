// The API's readable page, with JavaScript on and off: reached from the About page, it lists every operation of
// the OpenAPI document the server serves at /api/openapi.json (read here through the same server), each entry
// of its index leads to that operation's section, and each schema opens in place.
import { expect, test } from "@playwright/test";

type OpenApi = { info: { title: string }; paths: Record<string, Record<string, { summary: string }>>; components: { schemas: Record<string, unknown> } };

test("the API page is reached from About and shows every operation and schema of /api/openapi.json", async ({ page, request }) => {
  const answer = await request.get("/api/openapi.json");
  expect(answer.status()).toBe(200);
  const document = (await answer.json()) as OpenApi;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, summary: operation.summary })),
  );
  expect(operations.length).toBeGreaterThan(20);

  await page.goto("/about");
  await page.getByRole("link", { name: "/api/docs" }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole("heading", { level: 2, name: document.info.title })).toBeVisible();

  const index = page.getByRole("navigation", { name: "Operations" });
  for (const { label } of operations) await expect(index.getByRole("link", { name: label, exact: true })).toHaveCount(1);
  await expect(index.getByRole("link")).toHaveCount(operations.length);

  // Every index entry leads to its operation's section, whose heading names the same method and path.
  const { label, summary } = operations.find((operation) => operation.label === "GET /api/articles")!;
  await index.getByRole("link", { name: label, exact: true }).click();
  await expect(page).toHaveURL(/#get-api-articles$/);
  const section = page.locator("#get-api-articles");
  await expect(section.getByRole("heading", { level: 4 })).toHaveText(label);
  await expect(section).toContainText(summary);
  await expect(section.getByRole("table", { name: "Parameters" })).toContainText("agency");

  // Schemas are closed until asked for; opening one shows its JSON Schema.
  const schemaNames = Object.keys(document.components.schemas);
  await expect(page.locator("details[id^=schema-]")).toHaveCount(schemaNames.length);
  const first = page.locator(`#schema-${schemaNames[0]}`);
  await expect(first.locator("pre")).toBeHidden();
  await first.locator("summary").click();
  await expect(first.locator("pre")).toBeVisible();
  expect(JSON.parse((await first.locator("pre").textContent())!)).toEqual(document.components.schemas[schemaNames[0]]);

  await page.getByRole("link", { name: "/api/openapi.json", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/openapi\.json$/);
});
