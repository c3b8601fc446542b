// The feed's newsletter section (#newsletter). With JavaScript it posts JSON to /api/subscribe and shows a
// toast; without, the form posts to /subscribe, which answers with a flash toast or the form and its error.
import { useState } from "react";
import { isValidEmail } from "~/email/address";
import { useHydrated } from "~/hooks";
import { SUBSCRIBE_TOASTS } from "~/newsletter/signup";
import { TextField } from "./TextField";
import { showToast, ToastHere } from "./Toasts";

export const NEWSLETTER_ANCHOR = "newsletter";

async function postSubscribe(email: string) {
  const response = await fetch("/api/subscribe", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ email, source: "homepage" }),
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(body?.message || "");
  return body?.message ?? "";
}

export function NewsletterForm({ defaultEmail = "", error }: { defaultEmail?: string; error?: string }) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState(defaultEmail);
  const [pending, setPending] = useState(false);
  return (
    <form
      method="post"
      action="/subscribe"
      noValidate
      onSubmit={async (event) => {
        if (!hydrated) return;
        event.preventDefault();
        if (!isValidEmail(email)) return showToast(SUBSCRIBE_TOASTS.invalidEmail);
        setPending(true);
        try {
          const message = await postSubscribe(email);
          showToast({ title: SUBSCRIBE_TOASTS.subscribed.title, message });
          setEmail("");
        } catch (failure) {
          showToast({ ...SUBSCRIBE_TOASTS.failed, message: (failure as Error).message || SUBSCRIBE_TOASTS.failed.message });
        } finally {
          setPending(false);
        }
      }}
    >
      <input type="hidden" name="source" value="homepage" />
      <div className="form-row">
        <TextField
          name="email"
          type="email"
          aria-label="Email address"
          placeholder="you@example.com"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          maxLength={254}
          style={{ flex: "1 1 240px" }}
        />
        <button type="submit" className="page-button is-filled" disabled={pending}>
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
    </form>
  );
}

export function NewsletterSignup() {
  return (
    // The frame is plain elements drawn as Mantine's Card, Title and Text (app.css); the form's input is a TextField.
    <section className="panel" id={NEWSLETTER_ANCHOR} aria-labelledby="newsletter-title">
      <h2 className="title-h4" id="newsletter-title">
        Weekly newsletter
      </h2>
      <p className="text-sm dimmed mb-sm">
        The week&apos;s most important regulatory changes and trends, in your inbox every Monday. Unsubscribe with one click.
      </p>
      <ToastHere at={NEWSLETTER_ANCHOR} />
      <NewsletterForm />
    </section>
  );
}
