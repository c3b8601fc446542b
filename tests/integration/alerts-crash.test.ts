// An alert's period is sent once even when the job runner is killed mid-send: the mail server has the message but
// the runner dies before it records the answer. The run that follows in the same hour sends nothing again.
import { spawn, spawnSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { config } from "~/config.server";
import { db, t } from "~/db.server";
import { hourInZone } from "~/time";
import { addArticle } from "../support/articles";

const received: string[] = [];
/** While set, the server keeps the message but holds its answer: the moment to kill the sender. */
let holdAnswer = true;
let server: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        if (!holdAnswer) callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cliEnv = (): NodeJS.ProcessEnv => ({ ...process.env, SMTP_URL: smtpUrl, PUBLIC_URL: "https://dereg.example" });

it("sends a period once when the runner is killed after the mail server took the message", { timeout: 60_000 }, async () => {
  // Both runs must fall in the hour the alert is due: too close to the next hour, wait for it.
  const now = new Date();
  if (now.getMinutes() === 59 && now.getSeconds() > 30) await new Promise((resolve) => setTimeout(resolve, 31_000));
  const hour = hourInZone(new Date(), config().APP_TIMEZONE);
  const alert = db()
    .insert(t.alerts)
    .values({ email: "crash@example.com", view: "q=pipeline", frequency: "daily", hour, confirmedAt: new Date(), cursorArticleId: 0 })
    .returning()
    .get();
  addArticle({ title: "Pipeline safety rule withdrawn" });

  const child = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts", "alerts"], { env: cliEnv(), stdio: "ignore" });
  for (let i = 0; i < 300 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(received).toHaveLength(1);
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  const [delivery] = db().select().from(t.alertDeliveries).where(eq(t.alertDeliveries.alertId, alert.id)).all();
  expect(delivery.status).toBe("sending");

  // The next run in the same hour: the period is claimed, so nothing is sent again.
  holdAnswer = false;
  const again = spawnSync(process.execPath, ["--import", "tsx", "jobs/cli.ts", "alerts"], { env: cliEnv(), encoding: "utf8" });
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/alerts succeeded/);
  expect(received).toHaveLength(1);
  expect(received[0].replace(/=\r?\n/g, "")).toContain("Pipeline safety rule withdrawn");
});
