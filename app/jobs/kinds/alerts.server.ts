// The hourly alerts job: sends every saved-search alert due this hour (app/alerts/alerts.server.ts).
import { sendDueAlerts } from "../../alerts/alerts.server";
import type { JobHandler } from "../types";

export const runAlerts: JobHandler = async (_params, context) => sendDueAlerts(new Date(), context.log);
