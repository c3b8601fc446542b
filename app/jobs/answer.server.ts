// The job as the API answers it (the admin's job operations), declared once: `JobJson` and the OpenAPI `Job` and
// `JobStarted` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

const fields = z.record(z.string(), z.unknown());

export const jobAnswer = z.object({
  id: z.int(),
  kind: z.string(),
  status: z.string(),
  params: fields,
  progress: fields.nullable(),
  result: fields.nullable(),
  error: z.string().nullable(),
  summary: z.string().describe("What happened, in words (the same text `npm run jobs -- list` prints)."),
  requestedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});

export type JobJson = z.output<typeof jobAnswer>;

export const jobStartedAnswer = z.object({
  job: jobAnswer,
  created: z.boolean().describe("False when the same job was already queued or running."),
});
