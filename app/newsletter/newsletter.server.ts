// Minimal version; the full implementation lives on its own branch.
import { sendEmail } from "../email/mailer.server";

/** Sends a sample of the weekly newsletter to one address (the admin's own). */
export async function sendTestNewsletter(toEmail: string): Promise<void> {
  await sendEmail({
    to: toEmail,
    subject: "Test: Federal Deregulation Tracker weekly newsletter",
    text: "This is a test of the weekly newsletter sent from the admin dashboard.",
  });
}
