// The site's public address, for links in emails, by one rule in every process: PUBLIC_URL when it is set;
// otherwise the address the web process recorded when it started listening (in the database the job runner
// and `npm run jobs` share with it), so an email sent from the command line links to the running site and not
// to the default port; before any web process has run, http://localhost:$PORT.
import { config } from "./config.server";
import { recordedWebAddress } from "./web-address-store.server";

/**
 * The address of a web process started with this configuration: PUBLIC_URL, or where it listens (PORT, and
 * HOST when it is bound to one address) as reached from this machine.
 */
export function webProcessAddress(settings = config(), host = process.env.HOST) {
  if (settings.PUBLIC_URL_FROM_ENV) return settings.PUBLIC_URL;
  const anyInterface = !host || host === "0.0.0.0" || host === "::";
  const name = anyInterface ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${settings.PORT}`;
}

export async function publicUrl() {
  const settings = config();
  if (settings.PUBLIC_URL_FROM_ENV) return settings.PUBLIC_URL;
  return (await recordedWebAddress()) ?? settings.PUBLIC_URL;
}
