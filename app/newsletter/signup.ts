// Newsletter signup wording and checks (a valid email is required), shared by browser and server.
import type { Toast } from "../toast";

export const SUBSCRIBE_TOASTS = {
  invalidEmail: { title: "Invalid Email", message: "Please enter a valid email address.", variant: "destructive" },
  failed: { title: "Subscription Failed", message: "Failed to subscribe. Please try again.", variant: "destructive" },
  subscribed: { title: "Successfully Subscribed!" },
} satisfies Record<string, Toast>;

/** Answered to a signup when the address is subscribed at once (double opt-in switched off). */
export const SUBSCRIBED_MESSAGE = "Thank you for subscribing! You'll receive our weekly newsletter every Monday.";

/**
 * Answered to every signup with double opt-in, new or repeated: true for both (a new address gets the link to
 * confirm, a subscribed one a note saying so), so the form never tells a stranger who is subscribed.
 * Why: docs/decisions/011-subscribing-reveals-nothing.md.
 */
export const SUBSCRIBED_CONFIRM_MESSAGE =
  "Check your inbox: we have emailed this address a link to confirm the subscription, or a note if it is already subscribed. The newsletter arrives every Monday.";
