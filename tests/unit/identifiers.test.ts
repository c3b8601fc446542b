// The rules of a document's identifiers and of the lookup tables derived from them (app/articles/identifiers.ts,
// app/articles/index-rows.ts), with the edge cases the dropped triggers handled (db/migrations/0010, 0016, 0018,
// 0019): letter case, whitespace, a whole CFR title, lists that are not JSON arrays, blank and non-string elements.
import { describe, expect, it } from "vitest";
import { cfrValue, parseCfr, parseDocket, parseRin, parseRulemakingKey } from "~/articles/identifiers";
import { agencyNames, articleIdentifiers, articleRulemakings, rulemakingKeys, type IndexedFields } from "~/articles/index-rows";
import { cleanCfr } from "~/feed/filters";

const document = (fields: Partial<IndexedFields> = {}): IndexedFields => ({
  documentNumber: "2025-10001",
  agencies: [],
  regulationIdNumbers: [],
  docketIds: [],
  cfrReferences: [],
  publishDate: new Date("2025-06-10T04:00:00Z"),
  category: "regulatory-rollbacks",
  ...fields,
});

/** Values that are no list: each reads as an empty one. */
const NOT_LISTS: unknown[] = [null, undefined, "2060-AV00", '["2060-AV00"]', 7, true, { rin: "2060-AV00" }];

describe("one identifier", () => {
  it("reads a RIN in any case and with whitespace around it, and nothing of another shape", () => {
    expect(parseRin("2060-av83")).toBe("2060-AV83");
    expect(parseRin(" \t2060-AV83\n")).toBe("2060-AV83");
    expect(parseRin("\u00a02060-AV83\u00a0")).toBe("2060-AV83");
    for (const bad of ["", "   ", "2060-AV8", "2060 AV83", "RIN 2060-AV83", "N/A", 2060, null, undefined]) expect(parseRin(bad), String(bad)).toBeUndefined();
  });

  it("reads a docket id trimmed and upper-case, spaces inside kept, and refuses blank, over-long and control characters", () => {
    expect(parseDocket(" epa-hq-oar-2021-0317 ")).toBe("EPA-HQ-OAR-2021-0317");
    expect(parseDocket("Docket No. RM2024-9")).toBe("DOCKET NO. RM2024-9");
    expect(parseDocket("D".repeat(100))).toBe("D".repeat(100));
    for (const bad of ["", "  ", "D".repeat(101), "EPA\u0000HQ", "EPA\nHQ", 17, null]) expect(parseDocket(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it("reads a rulemaking key as an address may name it: a RIN or a docket id of letters, digits and . _ - only", () => {
    expect(parseRulemakingKey(" 1205-ac12 ")).toBe("1205-AC12");
    expect(parseRulemakingKey("EPA-R05-OAR-2024-0123")).toBe("EPA-R05-OAR-2024-0123");
    for (const bad of ["Docket No. RM2024-9", "a b", "../etc", "AB", "", undefined, 12345]) expect(parseRulemakingKey(bad), String(bad)).toBeNull();
  });

  it("reads a CFR reference as its title and part, or its title alone, in the forms the ingest and the addresses write", () => {
    expect(parseCfr("40 CFR 52")).toEqual({ title: "40", part: "52" });
    expect(parseCfr("  40 cfr 52 ")).toEqual({ title: "40", part: "52" });
    expect(parseCfr("40 C.F.R. Part 63")).toEqual({ title: "40", part: "63" });
    expect(parseCfr("040-063")).toEqual({ title: "40", part: "63" });
    expect(parseCfr("40:63")).toEqual({ title: "40", part: "63" });
    // A reference to a whole title names the title only.
    expect(parseCfr("40 CFR")).toEqual({ title: "40" });
    expect(parseCfr("40")).toEqual({ title: "40" });
    for (const bad of ["", "CFR 52", "0 CFR 52", "forty CFR 52", "40 CFR 52a", "40 CFR 52.21", "Title 40 CFR 52", null, 40]) {
      expect(parseCfr(bad), String(bad)).toBeUndefined();
    }
    expect(cfrValue({ title: "40", part: "52" })).toBe("40-52");
    expect(cfrValue({ title: "40" })).toBe("40");
  });

  it("is read by the feed's CFR filter with the same function, so a filter asks for what the table holds", () => {
    for (const text of ["40 CFR 52", "40 C.F.R. Part 52", "40-52"]) expect(cleanCfr(text)).toBe("40-52");
    expect(cleanCfr("40 CFR")).toBe("40");
    expect(cleanCfr("CFR")).toBeUndefined();
  });
});

describe("the identifier rows of a document", () => {
  it("holds each RIN and docket upper-case, and each CFR reference as title and as title-part, each once", () => {
    const rows = articleIdentifiers(
      document({
        regulationIdNumbers: ["2060-AV83", "2060-av83", " 2060-AV83 "],
        docketIds: ["EPA-HQ-OAR-2021-0317", "Docket No. RM2024-9"],
        cfrReferences: ["40 CFR 52", "40 CFR 60", "40 cfr 52", "39 CFR"],
      }),
    );
    expect(rows).toEqual([
      { kind: "rin", value: "2060-AV83" },
      { kind: "docket", value: "EPA-HQ-OAR-2021-0317" },
      { kind: "docket", value: "DOCKET NO. RM2024-9" },
      { kind: "cfr-title", value: "40" },
      { kind: "cfr-title", value: "39" },
      { kind: "cfr", value: "40-52" },
      { kind: "cfr", value: "40-60" },
    ]);
  });

  it("skips blank, non-string and unreadable elements, and reads anything but a list as an empty one", () => {
    const rows = articleIdentifiers(
      document({ regulationIdNumbers: ["", "  ", 7, null, "N/A"], docketIds: ["", " ", { id: "X" }], cfrReferences: ["", "CFR", 40] }),
    );
    expect(rows).toEqual([]);
    for (const value of NOT_LISTS) {
      expect(articleIdentifiers(document({ regulationIdNumbers: value, docketIds: value, cfrReferences: value })), String(value)).toEqual([]);
    }
  });
});

describe("the rulemaking keys of a document", () => {
  it("are its RINs, upper-case and each once, or its dockets when it lists no RIN", () => {
    expect(rulemakingKeys(document({ regulationIdNumbers: ["1205-ac12", "1205-AC12"], docketIds: ["ETA-2023-0003"] }))).toEqual(["1205-AC12"]);
    expect(rulemakingKeys(document({ regulationIdNumbers: [], docketIds: ["a-1", "B-2"] }))).toEqual(["A-1", "B-2"]);
    // A blank or malformed RIN is none: the dockets are the keys.
    expect(rulemakingKeys(document({ regulationIdNumbers: ["  ", "N/A"], docketIds: ["ETA-2023-0003"] }))).toEqual(["ETA-2023-0003"]);
  });

  it("leave out a docket id no rulemaking address can name, so no card links to a page that is not there", () => {
    expect(rulemakingKeys(document({ docketIds: ["Docket No. RM2024-9", "RM2024-9"] }))).toEqual(["RM2024-9"]);
    expect(rulemakingKeys(document({ docketIds: ["Docket No. RM2024-9"] }))).toEqual([]);
  });

  it("are none for an article that is not a Federal Register document, or whose lists are no lists", () => {
    expect(rulemakingKeys(document({ documentNumber: null, regulationIdNumbers: ["1205-AC12"] }))).toEqual([]);
    for (const value of NOT_LISTS) expect(rulemakingKeys(document({ regulationIdNumbers: value, docketIds: value })), String(value)).toEqual([]);
    // A RIN list that is no list leaves the dockets to name the rulemaking.
    expect(rulemakingKeys(document({ regulationIdNumbers: { rin: "1205-AC12" }, docketIds: ["ETA-2023-0003"] }))).toEqual(["ETA-2023-0003"]);
  });

  it("carry the article's date and category", () => {
    const fields = document({ regulationIdNumbers: ["1205-AC12", "1205-AC13"], category: "new-regulations" });
    expect(articleRulemakings(fields)).toEqual([
      { key: "1205-AC12", publishDate: fields.publishDate, category: "new-regulations" },
      { key: "1205-AC13", publishDate: fields.publishDate, category: "new-regulations" },
    ]);
  });
});

describe("the agency rows of an article", () => {
  it("are its agency names as written, each once, without blank or non-string elements", () => {
    expect(agencyNames(["Environmental Protection Agency", "Interior Department", "  ", "", 7, null, "Environmental Protection Agency"])).toEqual([
      "Environmental Protection Agency",
      "Interior Department",
    ]);
    for (const value of NOT_LISTS) expect(agencyNames(value), String(value)).toEqual([]);
  });
});
