// An alert's period is sent once even when the job runner is killed mid-send: the mail server has the message but
// the runner dies before it records the answer. The run that follows in the same hour sends nothing again.
import { spawn, spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { config } from "~/config.server";
import { all, db, first, t } from "~/db.server";
import { hourInZone } from "~/time";
import { addArticle } from "../support/articles";
import { startMailServer, type MailServer } from "../support/mail";
import { waitFor } from "../support/wait";

let smtp: MailServer;

beforeAll(async () => {
  smtp = await startMailServer();
  // The server keeps the message but holds its answer: the moment to kill the sender.
  smtp.holdAnswers = true;
});

afterAll(() => smtp.close());

const cliEnv = (): NodeJS.ProcessEnv => ({ ...process.env, SMTP_URL: smtp.url, PUBLIC_URL: "https://dereg.example" });

it("sends a period once when the runner is killed after the mail server took the message", { timeout: 60_000 }, async () => {
  // Both runs must fall in the hour the alert is due: too close to the next hour, wait for it.
  const now = new Date();
  if (now.getMinutes() === 59 && now.getSeconds() > 30) await new Promise((resolve) => setTimeout(resolve, 31_000));
  const hour = hourInZone(new Date(), config().APP_TIMEZONE);
  const alert = (await first(
    db()
      .insert(t.alerts)
      .values({ email: "crash@example.com", view: "q=pipeline", frequency: "daily", hour, confirmedAt: new Date(), cursorArticleId: 0 })
      .returning(),
  ))!;
  await addArticle({ title: "Pipeline safety rule withdrawn" });

  const child = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts", "alerts"], { env: cliEnv(), stdio: "ignore" });
  await waitFor(() => smtp.arrived.length > 0, "the message to reach the mail server", 15_000);
  expect(smtp.arrived).toHaveLength(1);
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  const [delivery] = await all(db().select().from(t.alertDeliveries).where(eq(t.alertDeliveries.alertId, alert.id)));
  expect(delivery.status).toBe("sending");

  // The next run in the same hour: the period is claimed, so nothing is sent again.
  smtp.holdAnswers = false;
  const again = spawnSync(process.execPath, ["--import", "tsx", "jobs/cli.ts", "alerts"], { env: cliEnv(), encoding: "utf8" });
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/alerts succeeded/);
  expect(smtp.arrived).toHaveLength(1);
  expect(smtp.arrived[0].text).toContain("Pipeline safety rule withdrawn");
});
