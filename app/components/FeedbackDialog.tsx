// The header's Feedback button: with JavaScript a native modal <dialog> posting to /api/feedback; without, a link
// to the /feedback page, which renders the same form. Plain elements drawn as Mantine's Modal, inputs and Buttons
// (app.css): the button is on every public page, which load no Mantine script.
import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { IconClose } from "./icons";
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
import { SelectField } from "./SelectField";
import { TextAreaField, TextField } from "./TextField";
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
    <div className="stack is-sm">
      <SelectField
        name="type"
        label="Feedback Type *"
        aria-required="true"
        options={[{ value: "", label: "Select a feedback type" }, ...FEEDBACK_TYPES.map((t) => ({ value: t.value, label: t.label }))]}
        {...field("type")}
      />
      <TextField
        name="subject"
        type="text"
        label="Subject *"
        aria-required="true"
        placeholder={placeholders.subjectPlaceholder}
        maxLength={200}
        {...field("subject")}
      />
      <TextAreaField
        name="message"
        label="Details *"
        aria-required="true"
        rows={4}
        placeholder={placeholders.messagePlaceholder}
        maxLength={5000}
        {...field("message")}
      />
      <TextField
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
      <div className="form-row is-end">
        {cancelHref ? (
          <Link to={cancelHref} className="page-button">
            Cancel
          </Link>
        ) : (
          <button type="button" className="page-button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="page-button is-filled" disabled={pending}>
          {pending ? "Submitting..." : "Submit Feedback"}
        </button>
      </div>
    </div>
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // showModal() makes the rest of the page inert, keeps focus inside and gives it back to the button on close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (opened && !dialog?.open) dialog?.showModal();
    if (!opened && dialog?.open) dialog.close();
  }, [opened]);
  return (
    // A click on the backdrop lands on the dialog itself, which its content covers otherwise; the keyboard's way
    // out is Escape, which a modal <dialog> handles itself (its close event).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {FEEDBACK_TITLE}
        </h2>
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          <IconClose size={20} />
        </button>
      </div>
      <div className="modal-body">
        <form
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
      </div>
    </dialog>
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
