// Email addresses typed by people: one rule for browser and server. Only a bare address is accepted
// (`someone@agency.gov`): no display name (`Name <someone@agency.gov>`), no comments, no quoted local part, no
// spaces or control characters. A display name would put a stranger's words into an email we send, and every
// variant of one inbox must count as that inbox (docs/security.md, "Third-party email").

export const MAX_EMAIL_LENGTH = 254;

/**
 * The local part: RFC 5322's dot-atom (letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, dots only
 * between them), plus letters of any script (RFC 6531). Quoted local parts are refused outright: no mailbox
 * a reader of this product uses needs one, and they are how spaces and angle brackets slip in.
 */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A host name of at least two labels (letters of any script, digits, inner hyphens); no address literals. */
const DOMAIN = /^([\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/**
 * The one spelling of an address that every lookup, every limit and every email uses: trimmed, in Unicode's
 * composed form, lower-case. The domain is case-insensitive by definition; the local part is treated so by
 * every mail provider our readers use, and addresses have always been stored lower-case here.
 */
export function normalizeEmail(raw: string) {
  return raw.trim().normalize("NFC").toLowerCase();
}

/** True for a bare address (surrounding spaces aside); false for a display name, comment, quotes or anything else. */
export function isValidEmail(raw: string) {
  const email = raw.trim();
  if (email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf("@");
  if (at < 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  return local.length <= 64 && LOCAL_PART.test(local) && DOMAIN.test(domain);
}
