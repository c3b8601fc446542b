import { describe, expect, it } from "vitest";
import { databaseEngine } from "../../db/engine";

describe("databaseEngine", () => {
  it("takes a plain path for a SQLite file, as it always did", () => {
    expect(databaseEngine("data/app.db")).toEqual({ engine: "sqlite", file: "data/app.db" });
    expect(databaseEngine("./data/app.db")).toEqual({ engine: "sqlite", file: "./data/app.db" });
    expect(databaseEngine("/var/lib/dereg/app.db")).toEqual({ engine: "sqlite", file: "/var/lib/dereg/app.db" });
    expect(databaseEngine(":memory:")).toEqual({ engine: "sqlite", file: ":memory:" });
  });

  it("reads file: URLs, relative and absolute", () => {
    expect(databaseEngine("file:./x.db")).toEqual({ engine: "sqlite", file: "./x.db" });
    expect(databaseEngine("file:x.db")).toEqual({ engine: "sqlite", file: "x.db" });
    expect(databaseEngine("file:/srv/app.db")).toEqual({ engine: "sqlite", file: "/srv/app.db" });
    expect(databaseEngine("file:///srv/app.db")).toEqual({ engine: "sqlite", file: "/srv/app.db" });
    expect(databaseEngine("file://localhost/srv/app.db")).toEqual({ engine: "sqlite", file: "/srv/app.db" });
    expect(databaseEngine("FILE:./x.db")).toEqual({ engine: "sqlite", file: "./x.db" });
    expect(databaseEngine("file::memory:")).toEqual({ engine: "sqlite", file: ":memory:" });
  });

  it("decodes percent escapes in file: URLs", () => {
    expect(databaseEngine("file:///srv/my%20data/app.db")).toEqual({ engine: "sqlite", file: "/srv/my data/app.db" });
    expect(databaseEngine("file:./my%20data.db")).toEqual({ engine: "sqlite", file: "./my data.db" });
  });

  it("refuses file: URLs it cannot honour", () => {
    expect(() => databaseEngine("file:./x.db?mode=ro")).toThrow(/query parameters/);
    expect(() => databaseEngine("file:")).toThrow(/names no file/);
    expect(() => databaseEngine("file://otherhost/srv/app.db")).toThrow();
  });

  it("takes postgres:// and postgresql:// URLs for PostgreSQL, unchanged", () => {
    const url = "postgres://dereg:s3cret@db.internal:5432/dereg?sslmode=require";
    expect(databaseEngine(url)).toEqual({ engine: "postgres", url });
    expect(databaseEngine("postgresql://localhost/dereg")).toEqual({ engine: "postgres", url: "postgresql://localhost/dereg" });
    expect(databaseEngine("PostgreSQL://localhost/dereg")).toEqual({ engine: "postgres", url: "PostgreSQL://localhost/dereg" });
  });

  it("ignores surrounding blanks", () => {
    expect(databaseEngine("  postgres://localhost/dereg\n")).toEqual({ engine: "postgres", url: "postgres://localhost/dereg" });
    expect(databaseEngine(" data/app.db ")).toEqual({ engine: "sqlite", file: "data/app.db" });
  });

  it("refuses an empty value and other schemes", () => {
    expect(() => databaseEngine("")).toThrow(/empty/);
    expect(() => databaseEngine("   ")).toThrow(/empty/);
    expect(() => databaseEngine("mysql://localhost/dereg")).toThrow(/"mysql:" is not supported/);
    expect(() => databaseEngine("https://example.com/app.db")).toThrow(/not supported/);
  });
});
