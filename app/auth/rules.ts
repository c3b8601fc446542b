// Account rules (password length, confirmation) and the messages the pages show. Shared by server and browser.
export const INVITATION_PASSWORD_MIN = 6;
export const INVALID_INVITATION = "This invitation link is invalid or has expired.";
export const RESET_PASSWORD_MIN = 8;
export const RESET_NO_TOKEN = "Invalid reset link. No token provided.";
