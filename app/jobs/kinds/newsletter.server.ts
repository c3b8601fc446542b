// The weekly newsletter job: sends this week's issue to every active subscriber who has not had it yet.
import { sendWeeklyNewsletter } from "../../newsletter/newsletter.server";
import type { JobHandler } from "../types";

export const runNewsletter: JobHandler = async (_params, context) =>
  sendWeeklyNewsletter({ signal: context.signal, log: context.log, progress: context.progress });
