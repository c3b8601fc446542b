// Newsletter signup wording and checks (SPEC.md sections 5 and 8), shared by browser and server.
import type { Toast } from "../toast";

export const SUBSCRIBE_TOASTS = {
  invalidEmail: { title: "Invalid Email", message: "Please enter a valid email address.", variant: "destructive" },
  failed: { title: "Subscription Failed", message: "Failed to subscribe. Please try again.", variant: "destructive" },
  subscribed: { title: "Successfully Subscribed!" },
} satisfies Record<string, Toast>;

/** Answered to every successful signup, new or repeated, so the form never reveals who is subscribed. */
export const SUBSCRIBED_MESSAGE = "Thank you for subscribing! You'll receive our weekly newsletter every Monday.";

/** The same words, plus the one step double opt-in adds (the address is not subscribed until it confirms). */
export const SUBSCRIBED_CONFIRM_MESSAGE = `${SUBSCRIBED_MESSAGE} Please confirm your address with the link we just emailed you.`;
