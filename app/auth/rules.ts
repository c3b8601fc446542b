// Account rules and messages shown by the pages (SPEC.md sections 5, 8 and 9). Shared by server and browser.
export const INVITATION_PASSWORD_MIN = 6;
export const INVALID_INVITATION = "This invitation link is invalid or has expired.";
export const RESET_PASSWORD_MIN = 8;
export const RESET_NO_TOKEN = "Invalid reset link. No token provided.";
