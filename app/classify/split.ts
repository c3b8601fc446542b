// The fixed development/test split of the labelled classification set (docs/classification.md).
// An item's side depends only on its id, so adding items never moves an existing one across.
// Only the development part may be read while writing rules or training; the test part is for measurement.
import crypto from "node:crypto";

type Split = "development" | "test";

/** First 8 hex digits of sha256(id) as a number, mod 100: below 70 is development, the rest test. */
export function splitOf(id: string): Split {
  const bucket = Number.parseInt(crypto.createHash("sha256").update(id).digest("hex").slice(0, 8), 16) % 100;
  return bucket < 70 ? "development" : "test";
}
