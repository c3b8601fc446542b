// Offline demo data: real Federal Register documents (2025) loaded through the same insert path
// as scraped articles, marked `is_demo` so one command removes them again.
import fs from "node:fs";
import path from "node:path";
import { deleteDemoArticles } from "../app/articles/store/edits.server";
import { insertArticles } from "../app/ingest/insert.server";
import { federalRegisterArticle, type FederalRegisterPage } from "../app/ingest/federal-register";
import { migrate } from "../app/schema-store.server";

export const DEMO_FILE = path.resolve("scripts/demo/federal-register-2025-sample.json");
const DEMO_SOURCE_NAME = "Federal Register (sample)";

export async function loadDemo(file = DEMO_FILE) {
  const page = JSON.parse(fs.readFileSync(file, "utf8")) as FederalRegisterPage;
  const counts = { inserted: 0, duplicate: 0, deleted: 0, published: 0, "invalid-url": 0 };
  const articles = (page.results ?? []).map((doc) => ({
    ...federalRegisterArticle(doc, { id: null, name: DEMO_SOURCE_NAME, category: "government" }),
    isDemo: true,
  }));
  for (const outcome of await insertArticles(articles)) counts[outcome.status]++;
  return counts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/demo.ts")) {
  await migrate();
  const command = process.argv[2];
  if (command === "load") {
    const counts = await loadDemo();
    console.log(`Demo data: ${counts.inserted} Federal Register documents loaded, ${counts.duplicate} already present.`);
    console.log("Remove them with: npm run demo:remove");
  } else if (command === "remove") {
    console.log(`Removed ${await deleteDemoArticles()} demo articles.`);
  } else {
    console.error("Usage: tsx scripts/demo.ts load|remove");
    process.exit(2);
  }
}
