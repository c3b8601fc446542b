// Subscribers: signup (normalised, idempotent, double opt-in), confirmation, and the signed unsubscribe token.
import { z } from "zod";
import { recordFromToken, recordToken } from "../auth/tokens.server";
import { linksSentBefore, newConfirmation, pendingFromToken } from "../confirmations/confirmation.server";
import { CONFIRMATION_LINK_HOURS } from "../confirmations/link-hours";
import { config } from "../config.server";
import { isValidEmail, normalizeEmail } from "../email/address";
import { claimConfirmationEmail } from "../email/confirmation-cap.server";
import { sendEmailLater, siteUrl } from "../email/mailer.server";
import { alreadySubscribedEmail, newsletterConfirmationEmail } from "../email/templates/confirmations";
import { enforceRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { parseInput } from "../validation";
import { SUBSCRIBE_TOASTS, SUBSCRIBED_CONFIRM_MESSAGE, SUBSCRIBED_MESSAGE } from "./signup";
import {
  addActiveSubscriber,
  addPendingSubscriber,
  confirmSubscriber,
  deleteUnconfirmedSignups,
  subscriberByConfirmationHash,
  subscriberByEmail,
  subscriberById,
  type Subscriber,
} from "./store.server";

const MAX_SOURCE_LENGTH = 40;
const INVALID_EMAIL = SUBSCRIBE_TOASTS.invalidEmail.message;

/** The signup form and /api/subscribe body: a valid address (normalised), and where the form was (free text, bounded). */
export const signupInput = z.object({
  email: z.string({ error: INVALID_EMAIL }).refine(isValidEmail, INVALID_EMAIL).transform(normalizeEmail),
  source: z.unknown().transform((raw) => (typeof raw === "string" && raw.trim() ? raw.trim().slice(0, MAX_SOURCE_LENGTH) : "homepage")),
});

/**
 * Subscribes an address. With double opt-in (the default) the address only becomes active when it follows
 * the link emailed to it, so nobody can sign up someone else's inbox. Subscribing twice is not an error and
 * adds no row; the answer is the same whether or not the address was known, so the form reveals nothing.
 * The confirmation email is sent after the answer, so its timing reveals nothing either, and only as far as the
 * recipient's confirmation cap allows (app/email/confirmation-cap.server.ts), so the form cannot flood an inbox.
 * A bad address is an "invalid" AppError, too many signups from one client a "rate-limited" one.
 */
export async function subscribe(rawEmail: unknown, rawSource: unknown, clientKey: string): Promise<{ message: string }> {
  const { email, source } = parseInput(signupInput, { email: rawEmail, source: rawSource });
  await enforceRateLimit(RATE_LIMITS.subscribe, clientKey);
  if (!config().NEWSLETTER_DOUBLE_OPT_IN) {
    await addActiveSubscriber(email, source, new Date());
    return { message: SUBSCRIBED_MESSAGE };
  }
  const answer = { message: SUBSCRIBED_CONFIRM_MESSAGE };
  const existing = await subscriberByEmail(email);
  if (existing?.isActive) {
    // The answer must not tell a stranger the address is subscribed, so its owner hears it by email instead.
    if (await claimConfirmationEmail(email, "already-subscribed"))
      sendEmailLater({ to: email, ...alreadySubscribedEmail({ siteUrl: await siteUrl("/") }) }, "the already-subscribed notice");
    return answer;
  }
  // Nothing is stored that waits for a link the cap kept from being sent.
  const confirmation = await newConfirmation(email, "newsletter");
  if (!confirmation) return answer;
  const { token } = confirmation;
  await addPendingSubscriber(email, source, { isActive: false, confirmedAt: null, ...confirmation.columns });
  sendEmailLater(
    { to: email, ...newsletterConfirmationEmail({ link: await confirmationUrl(token), hours: CONFIRMATION_LINK_HOURS }) },
    "the subscription confirmation link",
  );
  return answer;
}

/**
 * Forgets sign-ups whose confirmation link expired unfollowed (the maintenance job). Only addresses that never
 * confirmed: an address that once received the newsletter keeps its row and its history.
 */
export function purgeExpiredSignups(now = new Date()) {
  return deleteUnconfirmedSignups(linksSentBefore(now.getTime()));
}

async function confirmationUrl(token: string) {
  return siteUrl(`/confirm-subscription?token=${encodeURIComponent(token)}`);
}

/** The pending subscriber a confirmation token belongs to, while the link is still valid. */
export function pendingSubscriberFromToken(token: string | null | undefined): Promise<Subscriber | undefined> {
  return pendingFromToken(token, subscriberByConfirmationHash);
}

/** Confirms the address behind the token; undefined when the link is unknown, used or expired. */
export async function confirmSubscription(token: string | null | undefined): Promise<Subscriber | undefined> {
  const subscriber = await pendingSubscriberFromToken(token);
  if (!subscriber) return undefined;
  return confirmSubscriber(subscriber.id, new Date());
}

/** A token naming the subscriber, signed with the server secret: it cannot be guessed or altered. */
export function unsubscribeToken(subscriber: Pick<Subscriber, "id" | "email">) {
  return recordToken("unsubscribe", subscriber);
}

export async function unsubscribeUrl(subscriber: Pick<Subscriber, "id" | "email">) {
  return siteUrl(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriber))}`);
}

/** The subscriber a token belongs to, or undefined for a forged, altered or stale token. */
export function subscriberFromToken(token: string | null | undefined): Promise<Subscriber | undefined> {
  return recordFromToken("unsubscribe", token, subscriberById);
}
