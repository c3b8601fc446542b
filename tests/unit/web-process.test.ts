// The web process's arguments (app/web-process.ts): one list, which `npm run web` repeats and this Node accepts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { WEB_PROCESS_ARGS } from "~/web-process";

const nodeFlags = WEB_PROCESS_ARGS.filter((arg) => arg.startsWith("--"));

describe("the web process's arguments", () => {
  it("are the ones `npm run web` starts the production build with", () => {
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts.web).toBe(["node", ...WEB_PROCESS_ARGS].join(" "));
  });

  it("are V8 settings this Node accepts: a misspelt one would stop the web process at start", () => {
    const run = spawnSync(process.execPath, [...nodeFlags, "-e", "process.stdout.write('started')"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("started");
  });
});
