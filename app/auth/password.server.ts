// Password hashing with scrypt (memory-hard, in Node's standard library), at OWASP's recommended cost.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { AppError } from "../errors";
import { slotsInUse, takeSlot, type SlotRule } from "../slots.server";

const KEY_LENGTH = 64;
/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1 (128 MiB per hash, about 0.3 s here). */
const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
/** scrypt needs 128 * N * r bytes; twice that leaves room, and older hashes need less. */
const MAX_MEMORY = 2 * 128 * COST.N * COST.r;

/**
 * Hashes run at once, and hashes that may wait for one of those places. Each scrypt holds a thread of libuv's
 * pool (4 threads) for 0.3-1 s, and the pool also reads static files and runs compression, first come, first
 * served: a burst of 100 logins held a static file back 13.5-14.4 s. Two at once leave half the pool to the rest
 * (and cap the hashes' memory at 2 x 128 MiB); sixteen waiting is a few seconds' wait at most, then a refusal.
 */
export const HASH_LIMITS = { running: 2, waiting: 16 } as const;
/** Counted for the whole web process, whatever WEB_CONCURRENCY is (app/slots.server.ts). */
const HASHING: SlotRule = { name: "password-hash", ...HASH_LIMITS };
/** About how long the waiting line takes to empty. */
const BUSY_RETRY_AFTER_SECONDS = 5;
export const HASHING_BUSY = "Too many sign-ins at once. Please try again in a few seconds.";

/** How many password hashes are running now (never more than HASH_LIMITS.running). */
export function hashesInFlight() {
  return slotsInUse(HASHING.name);
}

/** Runs `hash` in one of the HASH_LIMITS.running places, after waiting in line if need be; throws "rate-limited" when the line is full. */
async function inHashingPlace<T>(hash: () => Promise<T>): Promise<T> {
  const release = await takeSlot(HASHING);
  if (typeof release !== "function") throw new AppError("rate-limited", HASHING_BUSY, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
  try {
    return await hash();
  } finally {
    release();
  }
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return inHashingPlace(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
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

/**
 * A stored hash at today's cost that no password matches (its key is random): checking a password against it
 * costs what checking a real account's does.
 */
export function unmatchableHash() {
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${randomBytes(16).toString("base64")}$${randomBytes(KEY_LENGTH).toString("base64")}`;
}

/** True when a stored hash was made at another cost than today's: it is replaced at the next successful login. */
export function needsRehash(stored: string) {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== COST.N || Number(r) !== COST.r || Number(p) !== COST.p;
}

export function generatePassword() {
  return randomBytes(12).toString("base64url");
}
