// Random secrets handed to people (session ids, invitation, reset and API tokens).
// Only their SHA-256 hashes are stored, so a leaked database reveals no usable token.
import { createHash, randomBytes } from "node:crypto";

export function generateToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}
