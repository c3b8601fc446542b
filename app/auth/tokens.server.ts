// Tokens handed to people. Random secrets (session ids, invitation, reset and API tokens): only their SHA-256
// hashes are stored, so a leaked database reveals no usable token. Signed tokens (the unsubscribe and manage links
// of emails): they name a record or an address and carry its HMAC with the server secret, so they need no storage
// and cannot be guessed or altered; the purpose is signed too, so one kind never passes for another.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "../config.server";

export function generateToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

function signature(purpose: string, subject: string) {
  return createHmac("sha256", config().SESSION_SECRET).update(`${purpose}:${subject}`).digest("base64url");
}

function signatureHolds(purpose: string, subject: string, given: string) {
  const expected = Buffer.from(signature(purpose, subject));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type AddressedRecord = { id: number; email: string };

/** `{id}.{signature}` for a record with an address: the token stops working when the address changes. */
export function recordToken(purpose: string, record: AddressedRecord) {
  return `${record.id}.${signature(purpose, `${record.id}:${record.email}`)}`;
}

/** The record a `recordToken` names, loaded with `load`; undefined for a malformed, forged or altered token. */
export async function recordFromToken<T extends AddressedRecord>(
  purpose: string,
  token: string | null | undefined,
  load: (id: number) => Promise<T | undefined>,
): Promise<T | undefined> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return undefined;
  const record = await load(Number(match[1]));
  return record && signatureHolds(purpose, `${record.id}:${record.email}`, match[2]) ? record : undefined;
}

/** `{address}.{signature}`, the address in base64url. */
export function addressToken(purpose: string, email: string) {
  return `${Buffer.from(email).toString("base64url")}.${signature(purpose, email)}`;
}

/** The address an `addressToken` carries; undefined for a malformed, forged or altered token. */
export function addressFromToken(purpose: string, token: string | null | undefined) {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return undefined;
  const email = Buffer.from(match[1], "base64url").toString();
  return signatureHolds(purpose, email, match[2]) ? email : undefined;
}
