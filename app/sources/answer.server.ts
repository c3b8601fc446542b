// The source as the API answers it (/api/sources, the admin's source operations), declared once: `SourceJson` and
// the OpenAPI `Source` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";
import { SOURCE_CATEGORIES, SOURCE_TYPES } from "../articles/vocabulary";

export const sourceAnswer = z.object({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  type: z.enum(SOURCE_TYPES).nullable(),
  category: z.enum(SOURCE_CATEGORIES),
  keywords: z.array(z.string()),
  isActive: z.boolean(),
  status: z.string().nullable(),
  lastScraped: z.iso.datetime().nullable(),
  lastSuccessfulScrape: z.iso.datetime().nullable(),
  consecutiveFailures: z.int().min(0),
  errorMessage: z.string().nullable(),
});

export type SourceJson = z.output<typeof sourceAnswer>;
