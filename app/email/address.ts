// Email addresses typed by people: one rule for browser and server. An address is non-empty and contains
// '@', with something on both sides of it and no spaces; it is stored trimmed and lower-case.

export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(raw: string) {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string) {
  const email = raw.trim();
  return email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+$/.test(email);
}
