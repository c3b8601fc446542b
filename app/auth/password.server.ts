// Password hashing with scrypt (memory-hard, in Node's standard library), at OWASP's recommended cost.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 64;
/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1 (128 MiB per hash, about 0.3 s here). */
const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
/** scrypt needs 128 * N * r bytes; twice that leaves room, and older hashes need less. */
const MAX_MEMORY = 2 * 128 * COST.N * COST.r;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the cost can rise later without breaking stored hashes. */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made at another cost than today's: it is replaced at the next successful login. */
export function needsRehash(stored: string) {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== COST.N || Number(r) !== COST.r || Number(p) !== COST.p;
}

export function generatePassword() {
  return randomBytes(12).toString("base64url");
}
