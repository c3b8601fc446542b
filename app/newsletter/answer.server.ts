// A newsletter subscriber as the admin API answers it (/api/admin/subscribers), declared once: `SubscriberJson`
// and the OpenAPI `Subscriber` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

export const subscriberAnswer = z.object({
  id: z.int(),
  email: z.string(),
  isActive: z.boolean(),
  status: z
    .enum(["pending", "active", "unsubscribed"])
    .describe("pending: waiting for the address to confirm (double opt-in); unsubscribed: left, or turned off by an admin."),
  source: z.string(),
  createdAt: z.iso.datetime(),
  lastEmailSent: z.iso.datetime().nullable(),
});

export type SubscriberJson = z.output<typeof subscriberAnswer>;
export type SubscriberStatus = SubscriberJson["status"];
