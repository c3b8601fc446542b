// The ledger as the API answers it (/api/ledger) and the page and CSV read it, declared once: `LedgerJson` and the
// OpenAPI `Ledger` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

export const ledgerCount = z.object({
  count: z.int().min(0),
  feed: z.string().describe("The feed view of exactly the documents counted (a path on this site, with its usual filters, Atom, JSON Feed and CSV)."),
  api: z.string().describe("The same view as GET /api/articles: its X-Total-Count is `count`."),
});

export const officialCount = ledgerCount.extend({
  statement: z.int().min(0).describe("Of `count`, those whose own full text states the designation."),
  agenda: z.int().min(0).describe("Of `count`, those designated by the Unified Agenda only (no statement in the document)."),
});

export const statedCosts = z.object({
  discountRate: z.number().nullable().describe("In percent; null where the documents state no rate."),
  savingsMillions: z.number().min(0).describe("Annualized cost savings stated at this rate, in millions of dollars, summed over the documents."),
  costsMillions: z.number().min(0).describe("Annualized costs stated at this rate, in millions of dollars, summed over the documents."),
  documents: z.int().min(0).describe("The final rules that state an amount at this rate."),
});

export const ledgerRow = z.object({
  agency: z.string().nullable().describe("The agency as the Federal Register names it; null on the total, which counts each document once."),
  deregulatoryFinal: officialCount.describe("Final rules officially designated deregulatory (statement, else agenda)."),
  regulatoryFinal: officialCount.describe("Final rules officially designated regulatory (statement, else agenda)."),
  ratio: z.number().nullable().describe("deregulatoryFinal per regulatoryFinal; null when there is no regulatory action."),
  meetsTenToOne: z.boolean().nullable().describe("Whether the ratio reaches E.O. 14192's ten for one; null when there is no regulatory action."),
  deregulatoryProposalsOpen: officialCount.describe("Proposed rules officially designated deregulatory whose rulemaking has no final rule yet."),
  judgement: z
    .object({
      deregulatoryFinal: ledgerCount.describe("Final rules without an official designation that the product judges rollbacks."),
      regulatoryFinal: ledgerCount.describe("Final rules without an official designation that the product judges new regulations."),
    })
    .describe("The product's judgement (the article's category, which an editor may correct): never part of the official counts."),
  statedCosts: z.array(statedCosts).describe("Annualized amounts the final rules of the year state, one entry per discount rate, never added across rates."),
  costsView: ledgerCount.describe("The final rules of the year whose full text states an annualized amount: the documents `statedCosts` sums."),
  restrictions: z.object({
    removed: z.int().min(0),
    added: z.int().min(0),
    view: ledgerCount.describe("The final rules of the year whose CFR redlines were compared: the documents the sums are over."),
  }),
});

export const ledgerMonth = z.object({
  month: z.string().describe("YYYY-MM, in the site's time zone."),
  deregulatory: ledgerCount,
  regulatory: ledgerCount,
});

export const overdueCount = z.object({
  agency: z.string().describe("The agency as the Unified Agenda names it (its parent agency, else itself): not always the Federal Register's name."),
  rulemakings: ledgerCount.describe(
    "Rulemakings of the loaded agenda edition past their next action's date with nothing published since; `feed` lists their documents.",
  ),
});

export const ledgerAnswer = z.object({
  fiscalYear: z.int(),
  from: z.iso.date().describe("The fiscal year's first day (1 October)."),
  to: z.iso.date().describe("Its last day (30 September)."),
  timeZone: z.string().describe("The time zone its days are counted in."),
  agencies: z.array(ledgerRow).describe("One row per agency with any count, most deregulatory final actions first."),
  total: ledgerRow,
  months: z.array(ledgerMonth).describe("Official final actions per month, October first."),
  overdue: z
    .object({
      asOf: z.iso.date().describe("Today, in the site's time zone: overdue is as of now, whatever the fiscal year shown."),
      agencies: z.array(overdueCount).describe("Agencies with an overdue rulemaking, most first."),
      total: ledgerCount,
    })
    .describe("Slipping rulemakings (docs/decisions/049), counted per agency as the Unified Agenda names it."),
});

export type LedgerCount = z.output<typeof ledgerCount>;
export type OfficialCount = z.output<typeof officialCount>;
export type StatedCosts = z.output<typeof statedCosts>;
export type LedgerRow = z.output<typeof ledgerRow>;
export type LedgerMonth = z.output<typeof ledgerMonth>;
export type OverdueCount = z.output<typeof overdueCount>;
export type LedgerJson = z.output<typeof ledgerAnswer>;
