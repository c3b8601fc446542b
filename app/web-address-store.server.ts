// The address the web process recorded when it started listening (app_state), read by every process that links
// to the site (app/public-url.server.ts).
import { eq } from "drizzle-orm";
import { db, execute, first, t } from "./db.server";

const WEB_ADDRESS_KEY = "web-address";

/** Called by the web process once it listens. */
export async function recordWebAddress(address: string) {
  const now = new Date();
  await execute(
    db()
      .insert(t.appState)
      .values({ key: WEB_ADDRESS_KEY, value: address, updatedAt: now })
      .onConflictDoUpdate({ target: t.appState.key, set: { value: address, updatedAt: now } }),
  );
}

/** The address the web process last recorded, if any has. */
export async function recordedWebAddress(): Promise<string | undefined> {
  const recorded = (await first(db().select().from(t.appState).where(eq(t.appState.key, WEB_ADDRESS_KEY))))?.value;
  return typeof recorded === "string" ? recorded : undefined;
}
