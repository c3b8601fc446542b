// Reader feedback as the API answers it (GET /api/feedback), declared once: `FeedbackJson` and the OpenAPI
// `Feedback` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

export const feedbackAnswer = z.object({
  id: z.int(),
  type: z.string(),
  subject: z.string(),
  message: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  priority: z.string(),
  createdAt: z.iso.datetime(),
});

export type FeedbackJson = z.output<typeof feedbackAnswer>;
