import { Form } from "@remix-run/react";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, "0")}:00` }));

type Values = { email?: string; frequency?: string; hour?: string };

/**
 * "Email me new articles for this view": posts to /alerts, which starts the alert (after the emailed link is
 * followed) and comes back to the view with the answer; an error shows this form again with what was typed.
 */
export function AlertForm({ view, values = {}, error }: { view: string; values?: Values; error?: string }) {
  return (
    <Form method="post" action="/alerts" aria-label="Email alert for this view" className="alert-form" noValidate>
      <input type="hidden" name="view" value={view} />
      <div className="form-row is-bottom">
        <TextField
          label="Email me new articles for this view"
          name="email"
          type="email"
          placeholder="you@example.com"
          defaultValue={values.email ?? ""}
          error={error}
          autoComplete="email"
          className="w-260"
        />
        <SelectField
          label="How often"
          name="frequency"
          defaultValue={values.frequency ?? "daily"}
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly (Mondays)" },
          ]}
          className="w-170"
        />
        <SelectField label="At" name="hour" defaultValue={values.hour ?? "8"} options={HOURS} className="w-100" />
        <button type="submit" className="page-button is-light">
          Start alert
        </button>
      </div>
    </Form>
  );
}
