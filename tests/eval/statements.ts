// npm run eval:statements [-- --dir <folder of full-text XML files>] [-- --json]
// How often rules' own statements decide their category: reads every Federal Register full-text XML file in a folder
// (the fixtures, tests/fixtures/federal-register-xml/, unless --dir names another, e.g. full texts saved from the
// Federal Register for the 2025 sample's document numbers) with the product's reader (app/rule-text/statements.ts) and
// counts the documents whose statement decides (deregulatory or regulatory), says "not subject", conflicts, or is
// absent; with each document's RINs, the stated designation is set beside the Unified Agenda's where the database
// named by DATABASE_URL holds an entry for them.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { agendaEntriesOf, officialDesignationOf } from "~/agenda/store.server";
import { readRuleStatements, statedDesignation } from "~/rule-text/statements";

type Outcome = "decides" | "not-subject" | "conflicting" | "absent";

/** The RINs a document's preamble names (PREAMB > RIN, "RIN 2060-AV00"). */
const rinsOf = (xml: string) => [...xml.matchAll(/<RIN>\s*RIN\s*([0-9]{4}-[A-Z0-9]{4})/gi)].map((match) => match[1].toUpperCase());

export async function evaluateStatements(dir: string) {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".xml"))
    .sort();
  const documents: { file: string; outcome: Outcome; designation: string | null; agenda: string | null; disagrees: boolean }[] = [];
  for (const name of files) {
    const xml = fs.readFileSync(path.join(dir, name), "utf8");
    const stated = statedDesignation((await readRuleStatements(xml)).statements);
    const outcome: Outcome = stated.conflicting.length
      ? "conflicting"
      : stated.designation === "not-subject"
        ? "not-subject"
        : stated.designation
          ? "decides"
          : "absent";
    const rins = rinsOf(xml);
    const agenda = rins.length ? officialDesignationOf(rins, await agendaEntriesOf(rins)) : null;
    const agendaDeregulatory = agenda ? agenda.designation.trim().toLowerCase() === "deregulatory" : null;
    const disagrees = agendaDeregulatory !== null && outcome === "decides" && agendaDeregulatory !== (stated.designation === "deregulatory");
    documents.push({ file: name, outcome, designation: stated.designation, agenda: agenda?.designation ?? null, disagrees });
  }
  const count = (outcome: Outcome) => documents.filter((document) => document.outcome === outcome).length;
  return {
    documents,
    totals: {
      documents: documents.length,
      decides: count("decides"),
      notSubject: count("not-subject"),
      conflicting: count("conflicting"),
      absent: count("absent"),
      withAgenda: documents.filter((document) => document.agenda !== null).length,
      disagreeWithAgenda: documents.filter((document) => document.disagrees).length,
    },
  };
}

if (process.argv[1] && path.basename(process.argv[1]) === "statements.ts") {
  const { values } = parseArgs({ options: { dir: { type: "string", default: "tests/fixtures/federal-register-xml" }, json: { type: "boolean" } } });
  const result = await evaluateStatements(values.dir!);
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    for (const document of result.documents)
      console.log(`${document.outcome.padEnd(12)} ${String(document.designation ?? "-").padEnd(13)} agenda: ${document.agenda ?? "-"}  ${document.file}`);
    const { totals } = result;
    const share = (n: number) => `${n} (${totals.documents ? Math.round((100 * n) / totals.documents) : 0}%)`;
    console.log(
      `\n${totals.documents} documents: the statement decides ${share(totals.decides)}, says not subject ${share(totals.notSubject)}, conflicts ${share(totals.conflicting)}, is absent ${share(totals.absent)}; ` +
        `${totals.withAgenda} with an agenda entry, ${totals.disagreeWithAgenda} of them disagreeing with it.`,
    );
  }
}
