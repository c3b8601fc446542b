// What a dashboard form's action answers (app/http/dashboard-intents.server.ts): shared with the forms that show it.
import type { Toast } from "../toast";

export type DashboardActionData = {
  intent: string;
  ok: boolean;
  toast: Toast;
  result?: unknown;
  /** The submitted fields (passwords left out), to refill the form after a failure. */
  values?: Record<string, unknown>;
};
