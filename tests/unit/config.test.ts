// The configuration refuses settings that would weaken the product, naming the variable.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server";

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
