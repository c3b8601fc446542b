// The rulemakings' part of the API's answers, declared once: the types and the OpenAPI description
// (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

/** What a card or an article page shows of its rulemaking. */
export const rulemakingLinkAnswer = z.object({
  key: z.string().meta({ examples: ["2060-AV00"] }),
  // One document alone is not shown as a rulemaking.
  documents: z.int().min(2).describe("Federal Register documents we hold of it."),
  since: z.iso.datetime().describe("When the first of them was published."),
});

export type RulemakingLink = z.output<typeof rulemakingLinkAnswer>;
