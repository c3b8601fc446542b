// Operator commands for accounts:
//   npm run user -- create <email> [--role viewer|editor|admin] [--password <password>]
//   npm run user -- reset-password <email> [--password <password>]
//   npm run user -- set-role <email> <viewer|editor|admin>
// Without --password a strong password is generated and printed once.
import { parseArgs } from "node:util";
import { generatePassword } from "../app/auth/password.server";
import { signOutEverywhere } from "../app/auth/session.server";
import { findUserByEmail, setUserRole } from "../app/auth/store.server";
import { createUser, ROLES, setPassword, type Role } from "../app/auth/users.server";
import { migrate } from "../app/schema-store.server";
import { reportConfigErrorAndExit } from "./setup";

const USAGE = `Usage:
  npm run user -- create <email> [--role viewer|editor|admin] [--password <password>]
  npm run user -- reset-password <email> [--password <password>]
  npm run user -- set-role <email> <viewer|editor|admin>`;

const MIN_PASSWORD = 8;

class UsageError extends Error {}

function roleFrom(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value)) throw new UsageError(`The role must be one of: ${ROLES.join(", ")}.`);
  return value as Role;
}

function passwordFrom(value: string | undefined) {
  if (value === undefined) return { password: generatePassword(), generated: true };
  if (value.length < MIN_PASSWORD) throw new UsageError(`The password must be at least ${MIN_PASSWORD} characters.`);
  return { password: value, generated: false };
}

async function requireUser(email: string | undefined) {
  if (!email) throw new UsageError("Give the account's email.");
  const user = await findUserByEmail(email);
  if (!user) throw new UsageError(`No account has the email ${email}.`);
  return user;
}

/** Runs one command; returns the lines to print. */
async function runUserCommand(argv: string[]): Promise<string[]> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: "string" }, password: { type: "string" } },
  });
  const [command, email, roleArg] = positionals;
  await migrate();
  switch (command) {
    case "create": {
      if (!email || !email.includes("@")) throw new UsageError("Give the new account's email.");
      if (await findUserByEmail(email)) throw new UsageError(`An account with the email ${email} already exists.`);
      const role = roleFrom(values.role ?? "editor");
      const { password, generated } = passwordFrom(values.password);
      const user = await createUser(email, password, role);
      return [`Created ${user.role} ${user.email}.`, ...(generated ? [`Its password (shown only this once): ${password}`] : [])];
    }
    case "reset-password": {
      const user = await requireUser(email);
      const { password, generated } = passwordFrom(values.password);
      await setPassword(user.id, password);
      const ended = (await signOutEverywhere(user.id)).endedSessions;
      return [
        `Password of ${user.email} changed; ${ended} session${ended === 1 ? "" : "s"} ended.`,
        ...(generated ? [`The new password (shown only this once): ${password}`] : []),
      ];
    }
    case "set-role": {
      const user = await requireUser(email);
      const role = roleFrom(roleArg ?? values.role);
      await setUserRole(user.id, role);
      return [`${user.email} is now ${role === "admin" ? "an" : "a"} ${role}.`];
    }
    default:
      throw new UsageError(command ? `Unknown command '${command}'.` : "Give a command.");
  }
}

if (process.argv[1]?.endsWith("user-cli.ts")) {
  runUserCommand(process.argv.slice(2))
    .then((lines) => lines.forEach((line) => console.log(line)))
    .catch((error) => {
      if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
        console.error(`${error.message}\n\n${USAGE}`);
        process.exit(2);
      }
      reportConfigErrorAndExit(error);
    });
}
