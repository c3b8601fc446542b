// Domain errors (app/errors.ts) and the one adapter that answers them (app/http/app-error.server.ts): the status
// each kind gets, the JSON `{ message }`, Retry-After for a rate limit, and what a page action shows.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError, type AppErrorKind } from "~/errors";
import { appErrorResponse, refusalOf, withAppErrors } from "~/http/app-error.server";
import { parseId } from "~/validation";

describe("the AppError adapter", () => {
  it.each([
    ["invalid", 400],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["not-found", 404],
    ["conflict", 409],
    ["unprocessable", 422],
    ["rate-limited", 429],
    ["failed", 500],
    ["unavailable", 503],
  ] as [AppErrorKind, number][])("answers %s with %i and the message as JSON", async (kind, status) => {
    const response = appErrorResponse(new AppError(kind, `A ${kind} refusal`));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message: `A ${kind} refusal` });
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Retry-After")).toBeNull();
  });

  it("tells a rate-limited caller when to come back", () => {
    const response = appErrorResponse(new AppError("rate-limited", "Too many attempts.", { retryAfterSeconds: 120 }));
    expect(response.headers.get("Retry-After")).toBe("120");
  });

  it("turns a thrown domain error into the thrown JSON answer, and leaves everything else alone", async () => {
    const refused = await withAppErrors(() => parseId("x"))().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
    expect(await (refused as Response).json()).toEqual({ message: "Not found" });
    const bug = new TypeError("a bug");
    await expect(withAppErrors(() => Promise.reject(bug))()).rejects.toBe(bug);
    expect(await withAppErrors(() => parseId("7"))()).toBe(7);
  });

  it("gives page actions the status and message of a domain error or a JSON error answer", async () => {
    expect(await refusalOf(new AppError("conflict", "Taken."))).toEqual({ status: 409, message: "Taken." });
    expect(await refusalOf(Response.json({ message: "Too big." }, { status: 413 }))).toEqual({ status: 413, message: "Too big." });
    expect(await refusalOf(new Error("a bug"))).toBeUndefined();
  });
});

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("the layers", () => {
  it("keeps app/http at the edge: only routes, app/http and the Remix entry and root import it", () => {
    const app = path.resolve("app");
    const edge = [path.join(app, "routes"), path.join(app, "http"), path.join(app, "entry.server.tsx"), path.join(app, "root.tsx")];
    const importers = sourceFiles(app)
      .filter((file) => !edge.some((place) => file === place || file.startsWith(`${place}${path.sep}`)))
      .filter((file) => /from "(?:\.\.?\/)+http\/|from "~\/http\//.test(readFileSync(file, "utf8")));
    expect(importers.map((file) => path.relative(app, file))).toEqual([]);
  });

  it("has the domain folders import each other one way only, with no cycle of any length (db/ imports nothing of app/)", () => {
    const app = path.resolve("app");
    const folders = readdirSync(app).filter((name) => statSync(path.join(app, name)).isDirectory() && !["routes", "components", "styles"].includes(name));
    const imports = (from: string, to: string) =>
      sourceFiles(path.join(app, from)).some((file) => new RegExp(`from "(?:(?:\\.\\./)+|~/)${to}/`).test(readFileSync(file, "utf8")));
    const importsOf = new Map(folders.map((from) => [from, folders.filter((to) => to !== from && imports(from, to))]));
    // A depth-first walk: meeting a folder that is still on the path means the arrows run in a circle.
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (folder: string, trail: string[]) => {
      if (trail.includes(folder)) return void cycles.push([...trail.slice(trail.indexOf(folder)), folder].join(" -> "));
      if (done.has(folder)) return;
      for (const next of importsOf.get(folder) ?? []) visit(next, [...trail, folder]);
      done.add(folder);
    };
    for (const folder of folders) visit(folder, []);
    expect(cycles).toEqual([]);
    const db = sourceFiles(path.resolve("db")).filter((file) => /from "(?:\.\.\/)+app\/|from "~\//.test(readFileSync(file, "utf8")));
    expect(db).toEqual([]);
  });
});
