import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { IconSelector } from "./icons";

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
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Email me new articles for this view"
          name="email"
          type="email"
          placeholder="you@example.com"
          defaultValue={values.email ?? ""}
          error={error}
          autoComplete="email"
          w={260}
        />
        <NativeSelect
          label="How often"
          name="frequency"
          defaultValue={values.frequency ?? "daily"}
          data={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly (Mondays)" },
          ]}
          w={170}
          rightSection={<IconSelector />}
        />
        <NativeSelect label="At" name="hour" defaultValue={values.hour ?? "8"} data={HOURS} w={100} rightSection={<IconSelector />} />
        <Button type="submit" variant="light">
          Start alert
        </Button>
      </Group>
    </Form>
  );
}
