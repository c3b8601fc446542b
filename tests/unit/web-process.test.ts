// The web process's arguments and environment (app/web-process.ts): one list, which `npm run web` repeats and this
// Node accepts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { WEB_PROCESS_ARGS, WEB_PROCESS_ENV, WEB_PROCESS_NODE_FLAGS, webProcessEnv } from "~/web-process";

describe("the web process's arguments and environment", () => {
  it("are the ones `npm run web` starts the production build with", () => {
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    const settings = Object.entries(WEB_PROCESS_ENV).map(([name, value]) => `${name}=${value}`);
    expect(scripts.web).toBe([...settings, "node", ...WEB_PROCESS_ARGS].join(" "));
  });

  it("adds its settings to the caller's environment, and a value the caller set wins", () => {
    const caller: NodeJS.ProcessEnv = { NODE_ENV: "production", PORT: "3000" };
    expect(webProcessEnv(caller)).toEqual({ NODE_ENV: "production", PORT: "3000", MALLOC_ARENA_MAX: "2" });
    expect(webProcessEnv({ ...caller, MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });

  it("are V8 settings this Node accepts: a misspelt one would stop the web process at start", () => {
    const run = spawnSync(process.execPath, [...WEB_PROCESS_NODE_FLAGS, "-e", "process.stdout.write('started')"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("started");
  });
});
