// The dashboard accounts' emails: an invitation, a password reset link, and the notice to the old address when
// an account's email changes (app/auth/invitations.server.ts, password-reset.server.ts, account.server.ts).
import { emailHtml, emailText, linkEmail, type EmailContent } from "./render";

export function invitationEmail({ invitedBy, role, link }: { invitedBy: string; role: string; link: string }): EmailContent {
  return linkEmail({
    subject: "You are invited to the Federal Deregulation Tracker dashboard",
    intro: `${invitedBy} invited you to the Federal Deregulation Tracker admin dashboard as ${role === "admin" ? "an" : "a"} ${role}.`,
    linkLabel: "Accept the invitation and choose your password",
    link,
    closing: "The link works once and expires in 7 days. If you did not expect this email, ignore it.",
  });
}

export function passwordResetEmail({ link }: { link: string }): EmailContent {
  return linkEmail({
    subject: "Reset your Federal Deregulation Tracker password",
    intro: "Someone (hopefully you) asked to reset the password of this account.",
    linkLabel: "Choose a new password here",
    link,
    closing: "The link works once and expires in 1 hour. If you did not ask, ignore this email: your password stays the same.",
  });
}

export function emailChangedEmail({ oldEmail, newEmail, resetUrl }: { oldEmail: string; newEmail: string; resetUrl: string }): EmailContent {
  const changed = `The account that signed in as ${oldEmail} now signs in as ${newEmail}.`;
  const notYou = "If you did not make this change, someone else has your password: ask an admin to disable the account,";
  return {
    subject: "The email of your Federal Deregulation Tracker account was changed",
    text: emailText([changed, "", notYou, `then reset the password at ${resetUrl}.`]),
    html: emailHtml(
      <>
        <p>{changed}</p>
        <p>
          {notYou} then <a href={resetUrl}>reset the password</a>.
        </p>
      </>,
    ),
  };
}
