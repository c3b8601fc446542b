// The double opt-in emails: the newsletter's confirmation link, the note to an address that is already
// subscribed, and an alert's confirmation link (app/newsletter/subscribers.server.ts, app/alerts/alerts.server.ts).
import { emailHtml, emailText, linkEmail, type EmailContent } from "./render";

export function newsletterConfirmationEmail({ link, hours }: { link: string; hours: number }): EmailContent {
  return linkEmail({
    subject: "Confirm your subscription to the weekly deregulation newsletter",
    intro: "Someone, hopefully you, asked to receive the Federal Deregulation Tracker's weekly newsletter at this address.",
    linkLabel: "Confirm your subscription",
    link,
    closing: `The link works for ${hours} hours. If you did not ask for this, ignore this email: you will not hear from us again.`,
  });
}

export function alreadySubscribedEmail({ siteUrl }: { siteUrl: string }): EmailContent {
  const asked = "Someone asked to subscribe this address to the Federal Deregulation Tracker's weekly newsletter.";
  const unchanged = "It is already subscribed, so nothing changed: the newsletter keeps arriving every Monday.";
  return {
    subject: "You are already subscribed to the weekly deregulation newsletter",
    text: emailText([asked, unchanged, "", `Every newsletter ends with a link to unsubscribe. The site: ${siteUrl}`]),
    html: emailHtml(
      <>
        <p>
          {asked} {unchanged}
        </p>
        <p>
          Every newsletter ends with a link to unsubscribe. <a href={siteUrl}>The site</a>
        </p>
      </>,
    ),
  };
}

/**
 * `view` is the view's outline (app/feed/feeds-out.server.ts, viewOutline): the address has not confirmed it
 * wants anything, so the email carries nothing the requester typed, not even inside a link to the view.
 */
type AlertConfirmation = { schedule: string; view: string; link: string; hours: number };

export function alertConfirmationEmail({ schedule, view, link, hours }: AlertConfirmation): EmailContent {
  const asked = `Someone, hopefully you, asked for new articles of this view by email, ${schedule}:`;
  const whole = "Once it runs, each alert email shows the whole view and links to it.";
  const lifetime = `The link works for ${hours} hours. If you did not ask for this, ignore this email.`;
  return {
    subject: "Confirm your alert from the Federal Deregulation Tracker",
    text: emailText([asked, view, "", `Start the alert: ${link}`, "", whole, lifetime]),
    html: emailHtml(
      <>
        <p>{asked}</p>
        <p>{view}</p>
        <p>
          <a href={link}>Start the alert</a>
        </p>
        <p>
          {whole} {lifetime}
        </p>
      </>,
    ),
  };
}
