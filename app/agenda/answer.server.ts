// The Unified Agenda's part of the API's answers, declared once: the type and the OpenAPI description
// (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

/** An article's official designation, joined from the Unified Agenda by RIN: what /api/articles returns. */
export const officialDesignationAnswer = z.object({
  designation: z.string().describe("As the agenda gives it: Deregulatory, Regulatory, Not significant, Fully or Partially Exempt, ..."),
  edition: z.string().meta({ description: 'The edition for people, e.g. "Spring 2025".', examples: ["Spring 2025"] }),
  publicationId: z
    .string()
    .regex(/^\d{6}$/)
    .describe('The edition as reginfo.gov names it (YYYYMM), e.g. "202504".'),
  rin: z
    .string()
    .regex(/^\d{4}-[A-Z0-9]{4}$/)
    .meta({ examples: ["2060-AV00"] }),
  stage: z.string().nullable().describe('e.g. "Proposed Rule Stage", "Final Rule Stage", "Long-Term Actions", "Completed Actions".'),
  priority: z.string().nullable().describe('e.g. "Economically Significant", "Other Significant", "Substantive, Nonsignificant".'),
  major: z.boolean().nullable().describe("Whether the agenda calls it a major rule (null when it does not say)."),
});

export type OfficialDesignation = z.output<typeof officialDesignationAnswer>;
