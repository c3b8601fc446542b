// Emails sent outside the web process link to the running site: the web server runs on a port of its own
// with no PUBLIC_URL, the newsletter is sent by `npm run jobs -- newsletter` from a shell that knows neither,
// and the unsubscribe link in the email written to the outbox works against the real server.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, first, t } from "~/db.server";
import { loadConfig } from "~/config.server";
import { webProcessAddress } from "~/public-url.server";
import { addArticle } from "../support/articles";
import { bracketed, outboxMails } from "../support/mail";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { addConfirmedSubscriber } from "../support/subscribers";
import { freePort } from "../support/ports";

const run = promisify(execFile);
let server: ProductionServer;
let port: number;
// Beside the test file's own outbox (tests/support/setup-env.ts), in its temporary folder, on either engine.
const outbox = path.join(path.dirname(process.env.OUTBOX_DIR!), "cli-outbox");

beforeAll(async () => {
  port = await freePort();
  // The web process as an operator runs it: a port of its own, no PUBLIC_URL (HOST stays loopback for the test).
  server = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL!, env: { PUBLIC_URL: "" } });
}, 120_000);
afterAll(() => server?.stop());

it("a newsletter sent from the command line links to the running site, and its unsubscribe link works", { timeout: 60_000 }, async () => {
  await addArticle({ title: "Agency rescinds a reporting rule", publishDate: new Date(Date.now() - 86_400_000) });
  const reader = await addConfirmedSubscriber("reader@example.com");

  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", OUTBOX_DIR: outbox };
  delete env.PORT;
  delete env.PUBLIC_URL;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "jobs/cli.ts", "newsletter"], { env });
  expect(stdout).toMatch(/newsletter succeeded: Sent to 1 subscriber\./);

  const [email] = outboxMails(outbox);
  const link = bracketed(email.headers["list-unsubscribe"])!;
  expect(new URL(link).origin).toBe(`http://127.0.0.1:${port}`);
  expect(email.html).toContain(`href="${link}"`);

  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect((await page.text()).replace(/<!-- -->/g, "")).toContain("Stop sending the weekly newsletter to reader@example.com?");
  const unsubscribe = await fetch(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
  expect(unsubscribe.status).toBeLessThan(400);
  expect((await first(db().select().from(t.subscribers).where(eq(t.subscribers.id, reader.id))))!.isActive).toBe(false);
});

it("npm start's address for both processes: PUBLIC_URL when set, else where the web process listens", () => {
  const settings = (values: Record<string, string>) => loadConfig({ SESSION_SECRET: "x".repeat(32), ...values } as unknown as NodeJS.ProcessEnv);
  expect(webProcessAddress(settings({ PORT: "4100" }), undefined)).toBe("http://localhost:4100");
  expect(webProcessAddress(settings({ PORT: "4100" }), "0.0.0.0")).toBe("http://localhost:4100");
  expect(webProcessAddress(settings({ PORT: "4100" }), "10.0.0.5")).toBe("http://10.0.0.5:4100");
  expect(webProcessAddress(settings({ PORT: "4100", PUBLIC_URL: "https://dereg.example/" }), "10.0.0.5")).toBe("https://dereg.example");
});
