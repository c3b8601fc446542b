// Configuration: every environment variable the product reads, parsed and checked once.
// A bad value stops start-up with a message naming the variable, instead of failing later.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { databaseEngine, type DatabaseEngine } from "../db/engine";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

function isValidTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).default("data/app.db"),
  PUBLIC_URL: optionalText.pipe(z.url({ message: "must be an absolute http(s) URL" }).optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters (for example: openssl rand -hex 32)").optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: "must be an email address" }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  APP_TIMEZONE: z.string().default("America/New_York").refine(isValidTimeZone, "must be an IANA time zone such as America/New_York"),
  SMTP_URL: optionalText.pipe(z.url({ message: "must be a URL such as smtp://user:pass@host:587" }).optional()),
  MAIL_FROM: z.string().default("Deregulation Dashboard <no-reply@localhost>"),
  OUTBOX_DIR: z.string().default("data/outbox"),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30000),
  AI_PROVIDER: z.enum(["local", "openai", ""]).optional(),
  /**
   * With AI_PROVIDER=openai: scraping asks the model about new feed items the local classifier is unsure of
   * (app/ai/classify-assist.server.ts). Off by default: the local classifier alone decides.
   */
  CLASSIFY_ASSIST: booleanFlag,
  /** The most feed items one scrape or backfill run sends to the model; the rest keep the local answer. */
  CLASSIFY_ASSIST_MAX_PER_RUN: z.coerce.number().int().min(0).default(25),
  ALLOW_PRIVATE_NETWORKS: booleanFlag,
  /** Comma-separated `host:port` entries fetched even when private networks are refused (an intranet feed). */
  PRIVATE_NETWORK_ALLOWLIST: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Ports a webhook address may name besides 443 and 8443 (app/alerts/webhooks.server.ts), comma-separated: an
   * operator whose followers' receivers listen elsewhere. ALLOW_PRIVATE_NETWORKS lifts the port rule too.
   */
  WEBHOOK_ALLOWED_PORTS: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .transform((v) => (v ? v.split(",").map((port) => port.trim()) : []))
    .refine(
      (ports) => ports.every((port) => /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535),
      "must be port numbers (1 to 65535) separated by commas, such as 8080,9443",
    )
    .transform((ports) => ports.map(Number)),
  /** How long one run of the webhooks job may post; deliveries not posted by then wait for the next run. */
  WEBHOOK_RUN_DEADLINE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How many reverse proxies stand in front (each appends to X-Forwarded-For); `true` means one. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toLowerCase())
    .pipe(z.string().regex(/^(|true|false|yes|no|\d{1,2})$/, "must be false, true, or the number of trusted proxies (0-99)"))
    .transform((v) => (v === "true" || v === "yes" ? 1 : v === "" || v === "false" || v === "no" ? 0 : Number(v))),
  /**
   * The one shared copy of each feed page (docs/decisions/013) and of each anonymous `/api/articles` answer
   * (docs/decisions/056) in production; `false` renders every request and makes every answer, to measure the
   * render path (npm run bench) or to rule the copies out when looking into a problem.
   */
  SHARED_PAGE_CACHE: z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => !(v === "false" || v === "0" || v === "no")),
  /** Subscribers confirm their address before they get a newsletter; `false` for intranet installs. */
  NEWSLETTER_DOUBLE_OPT_IN: z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => !(v === "false" || v === "0" || v === "no")),
  /** With a paid model provider: how many summaries the whole site may generate per hour. */
  AI_MAX_SUMMARIES_PER_HOUR: z.coerce.number().int().min(0).default(200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  FETCH_USER_AGENT: z.string().default("DeregulationDashboard/1.0 (federal regulatory news monitor)"),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20000),
  /** A large file read as a stream (the Unified Agenda): the whole body must arrive within this, however it trickles. */
  FETCH_STREAM_DEADLINE_MS: z.coerce.number().int().min(1000).default(120000),
  FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(6),
  /** The eCFR versioner's base address: the CFR text a final rule amends is read from it (app/rule-text/). */
  ECFR_API_URL: z.url({ message: "must be an absolute http(s) URL" }).default("https://www.ecfr.gov"),
  /**
   * The least time between two requests of the full-text and eCFR readers. The Federal Register asks API clients to
   * stay well under its throttle (its developer pages speak of abuse protection, not a figure): one a second is far below it.
   */
  RULE_TEXT_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** The most full texts one run of the rule-texts job reads (a backfill's rules are read over several runs). */
  RULE_TEXTS_PER_RUN: z.coerce.number().int().min(1).default(200),
  /** The most CFR parts one run of the redlines job compares. */
  REDLINES_PER_RUN: z.coerce.number().int().min(1).default(20),
  /**
   * Web worker processes sharing the port (node:cluster, server.ts). Unset: one on a machine of 2 cores or
   * fewer, else one per core but one, which is left to the job runner.
   */
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().regex(/^(|[1-9]\d{0,2})$/, "must be a whole number of web workers, 1 or more"))
    .transform((v) => (v === "" ? defaultWebConcurrency() : Number(v))),
});

/** One web worker per core but one (left to the job runner), and one on a machine of 2 cores or fewer. */
export function defaultWebConcurrency(cores = os.availableParallelism()) {
  return cores <= 2 ? 1 : cores - 1;
}

export type AppConfig = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "AI_PROVIDER"> & {
  SESSION_SECRET: string;
  AI_PROVIDER: "local" | "openai";
  /** The engine DATABASE_URL names, parsed once here (db/engine.ts): a SQLite file made absolute, or a postgres:// URL. */
  DATABASE: DatabaseEngine;
  /** Directory holding the database and other runtime files. */
  DATA_DIR: string;
  /** PUBLIC_URL, or http://localhost:$PORT when unset. Links in emails use publicUrl() (app/public-url.server.ts). */
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set, rather than derived from PORT. */
  PUBLIC_URL_FROM_ENV: boolean;
};

export class ConfigError extends Error {}

function readOrCreateSessionSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every setting.`);
  }
  const values = parsed.data;
  const database = chosenDatabase(values.DATABASE_URL);
  // Runtime files sit beside a SQLite file; with PostgreSQL, in ./data.
  const dataDir = path.dirname(database.engine === "sqlite" ? database.file : path.resolve("data", "app.db"));
  if (database.engine === "postgres" && !values.SESSION_SECRET) {
    // Each node would make up its own and refuse the others' cookies.
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: must be set when DATABASE_URL is a postgres:// URL, the same on every node");
  }
  return {
    ...values,
    DATABASE_URL: database.engine === "sqlite" ? database.file : database.url,
    DATABASE: database,
    DATA_DIR: dataDir,
    OUTBOX_DIR: path.resolve(values.OUTBOX_DIR),
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    PUBLIC_URL_FROM_ENV: values.PUBLIC_URL !== undefined,
    SESSION_SECRET: values.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    AI_PROVIDER: values.AI_PROVIDER || (values.OPENAI_API_KEY || values.OPENAI_BASE_URL ? "openai" : "local"),
  };
}

/** Cookies carry `Secure` when the site is served over https: a browser then never sends them in clear text. */
export function cookiesAreSecure() {
  return config().PUBLIC_URL.startsWith("https://");
}

/** The engine DATABASE_URL names; a SQLite file's path made absolute. */
function chosenDatabase(url: string): DatabaseEngine {
  try {
    const chosen = databaseEngine(url);
    return chosen.engine === "sqlite" && chosen.file !== ":memory:" ? { engine: "sqlite", file: path.resolve(chosen.file) } : chosen;
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  DATABASE_URL: ${(error as Error).message.replace(/^DATABASE_URL:? /, "")}`);
  }
}

let cached: AppConfig | undefined;

/** The configuration of this process, read from the environment on first use. */
export function config(): AppConfig {
  cached ??= loadConfig();
  return cached;
}

/** Reads the environment again: for tests that change a setting after the configuration was first used. */
export function reloadConfig(): AppConfig {
  cached = loadConfig();
  return cached;
}
