// The hourly alerts job: sends every saved-search alert due this hour (app/alerts/alerts.server.ts); and the
// every-minute webhooks job: posts webhook alerts' new articles and the retries due (app/alerts/webhooks.server.ts).
import { sendDueAlerts } from "../../alerts/alerts.server";
import { runWebhooks } from "../../alerts/webhooks.server";
import type { JobHandler } from "../types";

export const runAlerts: JobHandler = async (_params, context) => sendDueAlerts(new Date(), context.log);

export const runWebhookDeliveries: JobHandler = async (_params, context) => runWebhooks({ log: context.log });
