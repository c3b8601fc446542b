// A second writer for the SIGKILL test: inserts articles through the real insert path, one transaction
// each, as fast as it can, until it is killed. Prints "writing" once the first insert has committed.
import { insertArticle } from "~/ingest/insert.server";

const run = process.pid;
for (let i = 0; ; i++) {
  await insertArticle({
    title: `Writer ${run} article ${i}: Agency proposes to rescind reporting rule`,
    summary: "A proposed rule to rescind reporting requirements, with comments due in sixty days.",
    originalUrl: `https://example.gov/writer/${run}/${i}`,
    publishDate: new Date(),
    sourceId: null,
    sourceName: "Writer",
  });
  if (i === 0) console.log("writing");
  // Yield now and then so the kill can land between, or inside, transactions at random.
  if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
}
