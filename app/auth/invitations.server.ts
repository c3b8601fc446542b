// Invitations: an admin invites an email with a role; the link carries a random token of which only the
// hash is stored. It expires after 7 days and works once; accepting creates the account and signs it in.
import { z } from "zod";
import { sendEmail, siteUrl } from "../email/mailer.server";
import { invitationEmail } from "../email/templates/accounts";
import { AppError } from "../errors";
import { hashPassword } from "./password.server";
import { INVALID_INVITATION, INVITATION_PASSWORD_MIN } from "./rules";
import { acceptInvitationCreatingUser, findUserByEmail, insertInvitation, openInvitation } from "./store.server";
import { generateToken, hashToken } from "./tokens.server";
import { normalizeEmail } from "../email/address";
import { ROLES, type Role } from "./users.server";

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const invitationSchema = z.object({
  email: z.string({ error: "Email and role are required." }).trim().min(1, "Email and role are required.").pipe(z.email()),
  role: z.enum(ROLES, { error: (issue) => (issue.input ? `'role' must be one of: ${ROLES.join(", ")}` : "Email and role are required.") }),
});

export const acceptInvitationSchema = z
  .object({
    password: z.string().optional().default(""),
    /** Only the form has a confirmation field; the API sends the password alone. */
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const confirm = value.confirmPassword ?? value.password;
    if (!value.password || !confirm) ctx.addIssue({ code: "custom", message: "Please fill in both password fields." });
    else if (value.password !== confirm) ctx.addIssue({ code: "custom", message: "Passwords don't match" });
    else if (value.password.length < INVITATION_PASSWORD_MIN)
      ctx.addIssue({ code: "custom", message: `Password must be at least ${INVITATION_PASSWORD_MIN} characters long` });
  });

function invitationLink(token: string) {
  return `/invite/${encodeURIComponent(token)}`;
}

async function sendInvitationEmail(email: string, role: Role, invitedBy: string, token: string) {
  const link = await siteUrl(invitationLink(token));
  await sendEmail({ to: email, ...invitationEmail({ invitedBy, role, link }) });
}

export type CreatedInvitation = {
  inviteToken: string;
  email: string;
  role: Role;
  /** The absolute acceptance link, /invite/{token} on this site. */
  link: string;
  expiresAt: string;
  emailSent: boolean;
};

/** Creates an invitation and emails its link; the link is also returned so the admin can pass it on. */
export async function createInvitation(input: z.output<typeof invitationSchema>, invitedBy: { id: number; email: string }): Promise<CreatedInvitation> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(email)) throw new AppError("conflict", "A user with this email already exists.");
  const token = generateToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await insertInvitation({ email, role: input.role, invitedBy: invitedBy.id, tokenHash: hashToken(token), expiresAt });
  let emailSent = true;
  try {
    await sendInvitationEmail(email, input.role, invitedBy.email, token);
  } catch (error) {
    // The invitation stands: the admin still gets the link to pass on by hand.
    console.error(`[invitations] could not email the invitation for ${email}:`, error);
    emailSent = false;
  }
  return { inviteToken: token, email, role: input.role, link: await siteUrl(invitationLink(token)), expiresAt: expiresAt.toISOString(), emailSent };
}

/** The invitation of a token, if it exists, has not expired and was not used. */
export async function findOpenInvitation(token: string) {
  if (!token) return undefined;
  return openInvitation(hashToken(token));
}

/** Uses the invitation (once) and creates the invited account with the invited role. */
export async function acceptInvitation(token: string, input: z.output<typeof acceptInvitationSchema>) {
  if (!(await findOpenInvitation(token))) throw new AppError("not-found", INVALID_INVITATION);
  const passwordHash = await hashPassword(input.password);
  // The invitation may have been used or have expired while the password was hashed.
  const accepted = await acceptInvitationCreatingUser(hashToken(token), passwordHash);
  if ("user" in accepted) return accepted.user;
  if (accepted.refused === "email-taken") throw new AppError("conflict", "An account with this email already exists. Log in instead.");
  throw new AppError("not-found", INVALID_INVITATION);
}
