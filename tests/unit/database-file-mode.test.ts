// The database holds password hashes and subscriber addresses: its file and the WAL/SHM files SQLite adds
// next to it are readable by their owner only, whatever the process umask.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "../../db/client";

const mode = (file: string) => fs.statSync(file).mode & 0o777;
let previousUmask: number;

beforeEach(() => {
  // The most permissive umask: the files must still come out owner-only.
  previousUmask = process.umask(0);
});
afterEach(() => process.umask(previousUmask));

describe("database file permissions", () => {
  it("creates the database, -wal and -shm files with mode 0600", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "db-mode-")), "app.db");
    const db = openDatabase(file);
    migrateDatabase(db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f).toString(8), f).toBe("600");
    db.$client.close();
  });

  it("tightens the file of an existing install", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "db-mode-")), "old.db");
    fs.writeFileSync(file, "", { mode: 0o644 });
    const db = openDatabase(file);
    expect(mode(file).toString(8)).toBe("600");
    db.$client.close();
  });
});
