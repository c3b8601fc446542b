// The alerts' counts as the admin API answers them (/api/admin/alerts), declared once: `AlertStats` and the
// OpenAPI `AlertStats` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

export const alertStatsAnswer = z.object({
  active: z.int(),
  pending: z.int(),
  stopped: z.int(),
  failures: z
    .array(z.object({ alertId: z.int(), period: z.string(), error: z.string().nullable(), at: z.iso.datetime() }))
    .describe("The latest failed email deliveries, newest first."),
  failingWebhooks: z
    .array(
      z.object({
        alertId: z.int(),
        url: z.string().nullable(),
        articleId: z.int(),
        status: z.enum(["pending", "failed"]),
        attempts: z.int(),
        error: z.string().nullable(),
        at: z.iso.datetime(),
      }),
    )
    .describe("The latest failed webhook attempts, newest first: still retried (status pending) or given up after 24 hours (failed)."),
});

export type AlertStats = z.output<typeof alertStatsAnswer>;
