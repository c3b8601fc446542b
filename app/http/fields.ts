// Field rules shared by several forms and /api bodies (validated on the server; safe to import anywhere).
import { z } from "zod";
import { isHttpUrl } from "../articles/canonical-url";

/** A required text field whose absence is reported with the form's own message. */
export function requiredText(missingMessage: string, max = 10_000) {
  return z.string({ error: missingMessage }).trim().min(1, missingMessage).max(max);
}

/** An absolute http(s) URL; `missingMessage` when empty. */
export function httpUrl(missingMessage: string) {
  return requiredText(missingMessage, 2048).refine(isHttpUrl, "'url' must be an http(s) URL");
}

/** A list given as a JSON array or, from a form, as comma-separated text (or repeated fields). */
export function textList(max: number) {
  return z
    .union([z.array(z.string().max(200)), z.string().max(5000)])
    .transform((value) => (typeof value === "string" ? value.split(",") : value.flatMap((v) => v.split(","))))
    .pipe(z.array(z.string()).max(max, `must hold at most ${max} entries`));
}

/** "true"/"false" from a form, or a JSON boolean. */
export const booleanField = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
