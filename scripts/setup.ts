// Set-up: database file, migrations, default sources and the first admin. Safe to run at every start.
import { pathToFileURL } from "node:url";
import { countUsers, findUserByEmail } from "../app/auth/store.server";
import { createUser } from "../app/auth/users.server";
import { generatePassword } from "../app/auth/password.server";
import { config, ConfigError } from "../app/config.server";
import { migrate } from "../app/schema-store.server";
import { seedDefaultSources, upgradeDefaultSources } from "./seed";

type SetupReport = { sourcesSeeded: number; sourcesUpgraded: number; firstAdmin?: { email: string; password?: string } };

async function ensureFirstAdmin(): Promise<SetupReport["firstAdmin"]> {
  if ((await countUsers()) > 0) return undefined;
  const email = config().ADMIN_EMAIL ?? "admin@example.com";
  const password = config().ADMIN_PASSWORD ?? generatePassword();
  if (!(await findUserByEmail(email))) await createUser(email, password, "admin");
  return { email, password: config().ADMIN_PASSWORD ? undefined : password };
}

export async function setup(): Promise<SetupReport> {
  await migrate();
  const sourcesSeeded = await seedDefaultSources();
  const sourcesUpgraded = await upgradeDefaultSources();
  const firstAdmin = await ensureFirstAdmin();
  return { sourcesSeeded, sourcesUpgraded, firstAdmin };
}

export function describeSetup(report: SetupReport) {
  const lines: string[] = [];
  if (report.sourcesSeeded) lines.push(`Seeded ${report.sourcesSeeded} default news sources.`);
  if (report.sourcesUpgraded) lines.push("Moved the public inspection source to the desk's JSON answer and its own source type.");
  if (report.firstAdmin) {
    lines.push(`Created the first admin account: ${report.firstAdmin.email}`);
    lines.push(
      report.firstAdmin.password
        ? `  Its generated password (shown only this once): ${report.firstAdmin.password}`
        : "  Its password is the ADMIN_PASSWORD you configured.",
    );
    lines.push(`  Log in at ${config().PUBLIC_URL}/admin`);
  }
  return lines;
}

/** Where the database is, without a PostgreSQL URL's password. */
function databaseLabel(url: string) {
  if (!/^postgres(ql)?:/i.test(url)) return url;
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}

export function reportConfigErrorAndExit(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  setup()
    .then((report) => {
      for (const line of describeSetup(report)) console.log(line);
      console.log(`Database ready at ${databaseLabel(config().DATABASE_URL)}.`);
    })
    .catch(reportConfigErrorAndExit);
}
