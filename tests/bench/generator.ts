// Deterministic article text for benchmark corpora: realistic regulatory headlines and abstracts,
// spread over the product's categories, agencies, sources and the last few years.
import type { AgendaEntry } from "~/agenda/store.server";
import type { NewArticle } from "~/articles/new-article";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import { seededRandom } from "../support/seeded-random";

/** Raised whenever what the generator writes changes, so a cached corpus of the old kind is not reused. */
export const GENERATOR_VERSION = 4;

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];

const AGENCIES = [
  ["Environmental Protection Agency", "EPA"],
  ["Securities and Exchange Commission", "SEC"],
  ["Food and Drug Administration", "FDA"],
  ["Occupational Safety and Health Administration", "OSHA"],
  ["Federal Trade Commission", "FTC"],
  ["Consumer Financial Protection Bureau", "CFPB"],
  ["Department of Labor", "DOL"],
  ["Department of the Treasury", "Treasury"],
  ["Department of Justice", "DOJ"],
  ["Federal Communications Commission", "FCC"],
  ["Department of Energy", "DOE"],
  ["Department of Transportation", "DOT"],
  ["Department of Agriculture", "USDA"],
  ["Federal Aviation Administration", "FAA"],
  ["Centers for Medicare & Medicaid Services", "CMS"],
] as const;

const SUBJECTS = [
  "greenhouse gas emission standards for power plants",
  "capital requirements for community banks",
  "menu labeling for restaurants",
  "silica exposure limits in construction",
  "noncompete clauses in employment contracts",
  "overdraft fees charged by large banks",
  "overtime eligibility for salaried workers",
  "beneficial ownership reporting for small businesses",
  "broadband data collection and spectrum auctions",
  "energy efficiency standards for residential furnaces",
  "hours-of-service rules for motor carriers",
  "pesticide residue tolerances on food crops",
  "airworthiness directives for regional aircraft",
  "prior authorization in Medicare Advantage",
  "climate-related disclosures by public companies",
  "wetlands jurisdiction under the Clean Water Act",
  "artificial intelligence in consumer credit decisions",
  "tariff exclusions for imported steel and aluminum",
  "endangered species habitat designations",
  "data privacy obligations of data brokers",
] as const;

/** Headline shapes per intended category; the real classifier still decides the stored category. */
const HEADLINES = {
  rollback: [
    "{agency} proposes to rescind rule on {subject}",
    "{agency} withdraws guidance on {subject}",
    "Delay of effective date for {subject} rule",
    "{agency} repeals reporting requirements for {subject}",
    "Regulatory relief: {agency} eliminates duplicative {subject} filings",
  ],
  regulation: [
    "{agency} finalizes standards for {subject}",
    "{agency} issues proposed rule on {subject}",
    "New {agency} requirements for {subject} take effect",
    "{agency} amends its regulations on {subject}",
  ],
  legal: [
    "Court vacates {agency} rule on {subject}",
    "Appeals court hears challenge to {agency} {subject} rule",
    "Judge blocks {agency} enforcement on {subject}",
    "Supreme Court ruling reshapes {agency} authority over {subject}",
  ],
  legislative: [
    "Senate committee advances bill on {subject}",
    "House passes legislation limiting {agency} rules on {subject}",
    "Congressional Review Act resolution targets {agency} {subject} rule",
    "Lawmakers introduce bill to codify {subject} standards",
  ],
  analysis: [
    "Analysis: what the {agency} shift on {subject} means for industry",
    "Report: the cost of {subject} compliance",
    "Commentary: lessons from a decade of {subject} regulation",
    "How {agency} rulemaking on {subject} could change in 2026",
  ],
} as const;

const SUMMARY_SENTENCES = [
  "The {agency} said the change responds to public comments received during the rulemaking.",
  "Industry groups argued the existing requirements on {subject} imposed costs that outweigh their benefits.",
  "Consumer and environmental advocates warned the action could weaken protections established in prior years.",
  "The agency estimates annual cost savings for regulated entities, including small businesses.",
  "Comments are due within 60 days of publication in the Federal Register.",
  "The action follows an executive order directing agencies to review existing regulations.",
  "State attorneys general have signaled they may challenge the decision in court.",
  "The rule would take effect 30 days after publication, with a phased compliance period.",
  "Analysts expect the change to affect thousands of facilities nationwide.",
  "The agency also requested information on alternatives that would reduce paperwork burden.",
] as const;

export type GeneratorSource = { id: number; name: string; category: string };

function fill(template: string, agency: readonly [string, string], subject: string) {
  return template.replaceAll("{agency}", agency[1]).replaceAll("{subject}", subject);
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}

/** Article `index` of a generated corpus whose newest article is published at `newest`. */
export function generatedArticle(index: number, count: number, newest: Date, sources: GeneratorSource[]): NewArticle {
  const random = seededRandom(index * 2654435761);
  const source = pick(random, sources);
  const agency = pick(random, AGENCIES);
  const subject = pick(random, SUBJECTS);
  const isFederalRegister = source.name.startsWith("Federal Register");
  // A Federal Register source publishes rules and notices only: no court decision or bill headlines among its documents.
  const kind =
    source.category === "legal"
      ? "legal"
      : source.category === "think-tank"
        ? "analysis"
        : isFederalRegister
          ? pick(random, ["rollback", "rollback", "regulation", "regulation", "regulation"] as const)
          : pick(random, ["rollback", "rollback", "regulation", "regulation", "legal", "legislative", "analysis"] as const);
  const title = fill(pick(random, HEADLINES[kind]), agency, subject);
  const sentences = Array.from({ length: 2 + Math.floor(random() * 3) }, () => fill(pick(random, SUMMARY_SENTENCES), agency, subject));
  // Spread over about three years, newest first, a few articles per hour of the day.
  const ageMs = Math.floor((index / count) * 3 * 365 * 86_400_000 + random() * 3_600_000);
  const documentNumber = isFederalRegister ? `B${String(index).padStart(7, "0")}` : null;
  const host = new URL(sourceHomes[source.category] ?? "https://www.example.gov").host;
  const significant = random() < 0.05;
  return {
    title,
    summary: `${agency[0]}: ${sentences.join(" ")}`,
    originalUrl: isFederalRegister
      ? `https://www.federalregister.gov/documents/bench/${documentNumber}/${slug(title)}`
      : `https://${host}/bench/${index}/${slug(title)}`,
    publishDate: new Date(newest.getTime() - ageMs),
    sourceId: source.id,
    sourceName: source.name,
    sourceCategory: source.category,
    documentNumber,
    documentType: isFederalRegister ? (kind === "regulation" || kind === "rollback" ? "Rule" : "Notice") : null,
    agencies: [agency[0]],
    significant,
    ...(isFederalRegister ? rulemakingOf(random, AGENCIES.indexOf(agency), SUBJECTS.indexOf(subject)) : {}),
  };
}

/**
 * A Federal Register document's rulemaking and the CFR part it amends, as the real ones are spread: most list a RIN,
 * some only a docket, a few neither. Each agency and subject has eight rulemakings, so a rulemaking gathers documents across the years.
 */
function rulemakingOf(random: Random, agency: number, subject: number): Pick<NewArticle, "regulationIdNumbers" | "docketIds" | "cfrReferences"> {
  const variant = Math.floor(random() * 8);
  const draw = random();
  const rin = `${String(2000 + agency * 10).padStart(4, "0")}-A${String.fromCharCode(65 + subject)}${String(variant).padStart(2, "0")}`;
  const docket = `${AGENCIES[agency]![1].toUpperCase()}-HQ-${2020 + variant}-${String(subject * 100 + variant).padStart(4, "0")}`;
  // The parts of the CFR an agency's rules amend: a title per agency, a part per subject.
  const cfrReferences = [`${10 + agency} CFR ${100 + subject * 5 + (variant % 3)}`];
  if (draw < 0.6) return { regulationIdNumbers: [rin], docketIds: [docket], cfrReferences };
  if (draw < 0.85) return { regulationIdNumbers: [], docketIds: [docket], cfrReferences };
  return { regulationIdNumbers: [], docketIds: [], cfrReferences: [] };
}

/** The agenda's words for each of a rulemaking's eight variants: half deregulatory, as the 2025 editions lean. */
const AGENDA_DESIGNATIONS = ["Deregulatory", "Deregulatory", "Deregulatory", "Deregulatory", "Regulatory", "Regulatory", "Not significant", null];

/**
 * A Unified Agenda edition for every RIN the generator gives (rulemakingOf): the corpus loads it after the articles,
 * so the ledger's official counts (articles.designation) have the agenda's share of the Federal Register's rules.
 */
export function benchAgendaEntries(): AgendaEntry[] {
  return AGENCIES.flatMap((agency, a) =>
    SUBJECTS.flatMap((subject, s) =>
      AGENDA_DESIGNATIONS.map((designation, variant) => ({
        rin: `${String(2000 + a * 10).padStart(4, "0")}-A${String.fromCharCode(65 + s)}${String(variant).padStart(2, "0")}`,
        publicationId: "202504",
        designation,
        stage: "Final Rule Stage",
        priority: "Other Significant",
        major: false,
        timetable: [],
        title: `${agency[0]}: ${subject} (${variant + 1})`,
        agency: agency[0],
        parentAgency: null,
      })),
    ),
  );
}

const sourceHomes: Record<string, string> = {
  government: "https://www.regulations.gov",
  news: "https://www.reuters.com",
  legal: "https://www.courtlistener.com",
  "think-tank": "https://www.theregreview.org",
};

/**
 * Copy `round` of a Federal Register document: the same text, a distinct document number and URL,
 * and the publication date moved back a week per round so repeated copies spread over time.
 */
export function repeatedDocument(doc: FederalRegisterDocument, round: number): FederalRegisterDocument {
  if (round === 0) return doc;
  const number = `R${round}-${doc.document_number}`;
  const day = new Date(`${doc.publication_date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - round * 7);
  return {
    ...doc,
    document_number: number,
    html_url: doc.html_url.replace(doc.document_number, number),
    publication_date: day.toISOString().slice(0, 10),
  };
}
