// SSRF with ALLOW_PRIVATE_NETWORKS=false: article extraction (over HTTP, production build) and sources
// pointing at loopback, private, link-local metadata and IPv6 loopback addresses, at this machine's own
// interface address, at a name resolving to loopback, or at a "public" server (allowlisted, standing in for
// the internet) that redirects to loopback, are refused with a message saying so: a source when it is added
// (or, for the redirect, at scrape time). Nothing refused is ever requested.
import os from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/auth/account.server";
import { reloadConfig } from "~/config.server";
import { db, t } from "~/db.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { makeUser } from "../support/auth";
import { startServer, type TestServer } from "../support/http-server";
import type { ProductionServer } from "../support/prod-server";
import { serveTestDatabase } from "./harness";
import { addSource } from "../support/sources";

let server: ProductionServer;
let internal: TestServer;
/** A server on this machine's own non-loopback address (192.0.2.2 here), when it has one. */
let ownInterface: TestServer | undefined;
let publicLooking: TestServer;
let token: string;

/**
 * Targets and the refusal each must get; unroutable ranges use port 9 so a missed refusal fails fast.
 * `viaRedirect` targets look public, so only the fetch (following the redirect) can refuse them.
 */
const targets = () => [
  { url: `${internal.origin}/secret`, refusal: /^Refused: 127\.0\.0\.1 is not a public address$/ },
  ...(ownInterface
    ? [
        {
          url: `${ownInterface.origin}/secret`,
          refusal: new RegExp(`^Refused: ${new URL(ownInterface.origin).hostname.replaceAll(".", "\\.")} is not a public address$`),
        },
      ]
    : []),
  { url: "http://10.0.0.1:9/feed", refusal: /^Refused: 10\.0\.0\.1 is not a public address$/ },
  { url: "http://169.254.169.254/latest/meta-data/", refusal: /^Refused: 169\.254\.169\.254 is not a public address$/ },
  { url: "http://[::1]:9/feed", refusal: /^Refused: \[::1\] is not a public address$/ },
  // IPv4-compatible IPv6 (deprecated ::/96), which ipaddr.js calls unicast: a URL writes it as [::7f00:1].
  { url: `http://[::127.0.0.1]:${new URL(internal.origin).port}/secret`, refusal: /^Refused: \[::7f00:1\] is not a public address$/ },
  { url: `http://localhost:${new URL(internal.origin).port}/secret`, refusal: /^Refused: localhost is not a public address$/ },
  { url: `${publicLooking.origin}/moved`, refusal: /^Refused: 127\.0\.0\.1 is not a public address$/, viaRedirect: true },
];

function firstInterfaceIPv4() {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

const secretPage = {
  "/secret": (_request: unknown, response: import("node:http").ServerResponse) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end("<html><head><title>Internal admin panel</title></head><body><p>secret</p></body></html>");
  },
};

beforeAll(async () => {
  internal = await startServer(secretPage);
  const interfaceAddress = firstInterfaceIPv4();
  if (interfaceAddress) ownInterface = await startServer(secretPage, interfaceAddress);
  publicLooking = await startServer({
    "/moved": (_request, response) => {
      response.writeHead(302, { Location: `${internal.origin}/secret` });
      response.end();
    },
  });
  const allowlist = `127.0.0.1:${new URL(publicLooking.origin).port}`;
  process.env.ALLOW_PRIVATE_NETWORKS = "false";
  process.env.PRIVATE_NETWORK_ALLOWLIST = allowlist;
  reloadConfig();
  token = (await createApiToken((await makeUser("editor")).id, "ssrf")).token;
  server = await serveTestDatabase("ssrf", { ALLOW_PRIVATE_NETWORKS: "false", PRIVATE_NETWORK_ALLOWLIST: allowlist });
});

afterAll(async () => {
  await server?.stop();
  await internal?.close();
  await ownInterface?.close();
  await publicLooking?.close();
});

const internalRequests = () => [internal, ownInterface].flatMap((server) => server?.log ?? []).filter((entry) => entry.path === "/secret").length;

describe("POST /api/admin/extract-article", () => {
  it("refuses private targets and redirects to them, saying why", async () => {
    for (const { url, refusal } of targets()) {
      const response = await fetch(`${server.url}/api/admin/extract-article`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
      });
      expect(response.status, url).toBe(422);
      expect((await response.json()).message, url).toMatch(new RegExp(`^Could not extract the article: ${refusal.source.slice(1)}`));
    }
    // The redirect was followed only as far as the check: the public-looking server was asked, the internal one never.
    expect(publicLooking.log.some((entry) => entry.path === "/moved")).toBe(true);
    expect(internalRequests()).toBe(0);
  });

  it("refuses the IPv4-compatible loopback [::127.0.0.1] with the reason, and the loopback server is never asked", async () => {
    const url = `http://[::127.0.0.1]:${new URL(internal.origin).port}/secret`;
    const before = internalRequests();
    const response = await fetch(`${server.url}/api/admin/extract-article`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe("Could not extract the article: Refused: [::7f00:1] is not a public address");
    expect(internalRequests()).toBe(before);
  });
});

describe("sources", () => {
  const postSource = (url: string) =>
    fetch(`${server.url}/api/admin/sources`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Internal ${url}`, url, category: "government" }),
    });

  it("a source pointing at a private target is refused when it is added, and nothing is stored", async () => {
    for (const { url, refusal } of targets().filter((target) => !target.viaRedirect)) {
      const created = await postSource(url);
      expect(created.status, url).toBe(400);
      expect((await created.json()).message, url).toMatch(new RegExp(`^'url' is refused: ${refusal.source.slice("^Refused: ".length)}`));
      expect(db().select().from(t.sources).where(eq(t.sources.url, url)).all(), url).toEqual([]);
    }
    expect(internalRequests()).toBe(0);
  });

  it("a source redirecting to a private target fails its scrape with the refusal as its error", async () => {
    for (const { url, refusal } of targets().filter((target) => target.viaRedirect)) {
      const created = await postSource(url);
      expect(created.status, url).toBe(201);
      const { id } = await created.json();
      await scrapeSources({ sourceId: id, force: true });
      const source = db().select().from(t.sources).where(eq(t.sources.id, id)).get()!;
      expect(["warning", "error"], url).toContain(source.status);
      expect(source.errorMessage, url).toMatch(refusal);
    }
    expect(internalRequests()).toBe(0);
  });

  it("a source whose stored address became private is refused at scrape time, after DNS", async () => {
    // Rows added before this check existed (or by hand) are still guarded by the fetcher itself.
    for (const { url, refusal } of targets()) {
      const { id } = await addSource({ name: `Legacy ${url}`, url: `${url}?legacy` });
      await scrapeSources({ sourceId: id, force: true });
      expect(db().select().from(t.sources).where(eq(t.sources.id, id)).get()!.errorMessage, url).toMatch(refusal);
    }
    expect(internalRequests()).toBe(0);
  });
});
