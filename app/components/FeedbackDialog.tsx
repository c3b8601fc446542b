// The header's Feedback button: with JavaScript a Mantine modal posting to /api/feedback; without, a link to
// the /feedback page, which renders the same form.
import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import {
  DEFAULT_PLACEHOLDERS,
  FEEDBACK_TOASTS,
  FEEDBACK_TYPES,
  feedbackPlaceholders,
  HONEYPOT_FIELD,
  validateFeedback,
  type FeedbackValues,
} from "~/feedback/feedback";
import { useHydrated } from "~/hooks";
import { showToast } from "./Toasts";

export const FEEDBACK_TITLE = "Share Your Feedback";
const EMPTY: FeedbackValues = { type: "", subject: "", message: "", email: "" };

type FormProps = {
  values: FeedbackValues;
  onChange?: (values: FeedbackValues) => void;
  pending?: boolean;
  onCancel?: () => void;
  cancelHref?: string;
};

/** The fields and buttons, controlled (dialog) or filled from the last submission (no-JS page). */
export function FeedbackFields({ values, onChange, pending, onCancel, cancelHref }: FormProps) {
  const placeholders = values.type ? feedbackPlaceholders(values.type) : DEFAULT_PLACEHOLDERS;
  const field = (name: keyof FeedbackValues) =>
    onChange
      ? { value: values[name], onChange: (e: { currentTarget: { value: string } }) => onChange({ ...values, [name]: e.currentTarget.value }) }
      : { defaultValue: values[name] };
  return (
    <Stack gap="sm">
      <NativeSelect
        name="type"
        label="Feedback Type *"
        aria-required="true"
        data={[{ value: "", label: "Select a feedback type" }, ...FEEDBACK_TYPES.map((t) => ({ value: t.value, label: t.label }))]}
        {...field("type")}
      />
      <TextInput
        name="subject"
        type="text"
        label="Subject *"
        aria-required="true"
        placeholder={placeholders.subjectPlaceholder}
        maxLength={200}
        {...field("subject")}
      />
      <Textarea
        name="message"
        label="Details *"
        aria-required="true"
        rows={4}
        placeholder={placeholders.messagePlaceholder}
        maxLength={5000}
        {...field("message")}
      />
      <TextInput
        name="email"
        type="email"
        label="Email (optional)"
        description="Give your email if you would like us to follow up with you."
        placeholder="you@example.com"
        autoComplete="email"
        {...field("email")}
      />
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Group justify="flex-end" gap="sm">
        {cancelHref ? (
          <Button component={Link} to={cancelHref} variant="default">
            Cancel
          </Button>
        ) : (
          <Button variant="default" onClick={onCancel} type="button">
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? "Submitting..." : "Submit Feedback"}
        </Button>
      </Group>
    </Stack>
  );
}

async function postFeedback(form: HTMLFormElement) {
  const body = Object.fromEntries(new FormData(form));
  const response = await fetch("/api/feedback", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
}

function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [values, setValues] = useState<FeedbackValues>(EMPTY);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={FEEDBACK_TITLE} size="500px" centered>
      <form
        ref={formRef}
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const checked = validateFeedback(values);
          if (!checked.ok) return showToast(checked.toast);
          setPending(true);
          try {
            await postFeedback(event.currentTarget);
            showToast(FEEDBACK_TOASTS.submitted);
            setValues(EMPTY);
            onClose();
          } catch {
            showToast(FEEDBACK_TOASTS.failed);
          } finally {
            setPending(false);
          }
        }}
      >
        <FeedbackFields values={values} onChange={setValues} pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export function FeedbackButton() {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!hydrated) {
    return (
      // Plain elements drawn as Mantine's light Button (app.css): the button is on every page.
      <a href="/feedback" className="page-button is-light">
        Feedback
      </a>
    );
  }
  return (
    <>
      <button type="button" className="page-button is-light" onClick={() => setOpened(true)} aria-haspopup="dialog">
        Feedback
      </button>
      <FeedbackModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
