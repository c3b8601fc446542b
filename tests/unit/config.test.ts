// The configuration refuses settings that would weaken the product, naming the variable.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultWebConcurrency, loadConfig } from "~/config.server";

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe("SESSION_SECRET", () => {
  it("refuses a secret shorter than 32 characters, naming the variable", () => {
    expect(() => loadConfig(env({ SESSION_SECRET: "x".repeat(31) }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ SESSION_SECRET: "x".repeat(31) }))).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });

  it("accepts a secret of 32 characters", () => {
    expect(loadConfig(env({ SESSION_SECRET: "x".repeat(32) })).SESSION_SECRET).toBe("x".repeat(32));
  });
});

describe("WEB_CONCURRENCY", () => {
  const secret = { SESSION_SECRET: "x".repeat(32) };

  it("defaults to one worker on 2 cores or fewer, else one per core but one", () => {
    expect([1, 2, 3, 4, 16].map((cores) => defaultWebConcurrency(cores))).toEqual([1, 1, 2, 3, 15]);
    expect(loadConfig(env(secret)).WEB_CONCURRENCY).toBe(defaultWebConcurrency());
  });

  it("takes a whole number of workers and refuses anything else, naming the variable", () => {
    expect(loadConfig(env({ ...secret, WEB_CONCURRENCY: "2" })).WEB_CONCURRENCY).toBe(2);
    for (const bad of ["0", "-1", "1.5", "two", "0x2"]) {
      expect(() => loadConfig(env({ ...secret, WEB_CONCURRENCY: bad }))).toThrow(/WEB_CONCURRENCY: must be a whole number/);
    }
  });
});

describe("DATABASE_URL", () => {
  const secret = { SESSION_SECRET: "x".repeat(32) };

  it("names a SQLite file, made absolute, by default, by path or by file: URL", () => {
    expect(loadConfig(env(secret)).DATABASE_URL).toBe(path.resolve("data/app.db"));
    expect(loadConfig(env({ ...secret, DATABASE_URL: "file:./var/app.db" })).DATABASE_URL).toBe(path.resolve("var/app.db"));
    expect(loadConfig(env({ ...secret, DATABASE_URL: "file:./var/app.db" })).DATABASE).toEqual({ engine: "sqlite", file: path.resolve("var/app.db") });
    expect(loadConfig(env({ ...secret, DATABASE_URL: "/srv/app.db" })).DATA_DIR).toBe("/srv");
  });

  it("keeps a postgres:// URL as it is, with runtime files under ./data", () => {
    const url = "postgres://app:secret@db.internal:5432/dereg";
    const loaded = loadConfig(env({ ...secret, DATABASE_URL: url }));
    expect(loaded.DATABASE_URL).toBe(url);
    expect(loaded.DATABASE).toEqual({ engine: "postgres", url });
    expect(loaded.DATA_DIR).toBe(path.resolve("data"));
  });

  it("refuses PostgreSQL without SESSION_SECRET: each node would sign cookies with a secret of its own", () => {
    expect(() => loadConfig(env({ DATABASE_URL: "postgresql://db.internal/dereg" }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ DATABASE_URL: "postgresql://db.internal/dereg" }))).toThrow(/SESSION_SECRET: must be set when DATABASE_URL is a postgres/);
  });

  it("refuses another scheme, naming the variable", () => {
    expect(() => loadConfig(env({ ...secret, DATABASE_URL: "mysql://db.internal/dereg" }))).toThrow(/DATABASE_URL: "mysql:" is not supported/);
  });
});

describe("WEBHOOK_ALLOWED_PORTS", () => {
  const secret = { SESSION_SECRET: "x".repeat(32) };

  it("is empty by default and takes port numbers separated by commas", () => {
    expect(loadConfig(env(secret)).WEBHOOK_ALLOWED_PORTS).toEqual([]);
    expect(loadConfig(env({ ...secret, WEBHOOK_ALLOWED_PORTS: "8080, 9443" })).WEBHOOK_ALLOWED_PORTS).toEqual([8080, 9443]);
  });

  it("refuses anything but ports, naming the variable", () => {
    for (const bad of ["http", "80;443", "0", "65536", "8080,", "-1"]) {
      expect(() => loadConfig(env({ ...secret, WEBHOOK_ALLOWED_PORTS: bad }))).toThrow(/WEBHOOK_ALLOWED_PORTS: must be port numbers/);
    }
  });
});
