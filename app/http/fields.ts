// Field rules shared by several forms, /api bodies and query strings (validated on the server; safe to
// import anywhere). Exact types: a number is a number or plain decimal digits, never `true`, `[7]` or "0x1F".
import { z } from "zod";
import { isHttpUrl } from "../articles/canonical-url";

/**
 * A required text field whose absence (or emptiness) is reported with the form's own message. Any other
 * problem (too long, not text) gets its own message naming the field and the limit.
 */
export function requiredText(missingMessage: string, max = 10_000) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missingMessage : undefined) })
    .trim()
    .min(1, missingMessage)
    .max(max);
}

/** Whitespace and control characters have no place inside a web address; a browser would drop or rewrite them. */
const NOT_IN_URL = /[\s\u0000-\u001f\u007f-\u009f]/;

/** An absolute http(s) URL; `missingMessage` when empty. Surrounding spaces are trimmed; inner ones are refused. */
export function httpUrl(missingMessage: string) {
  return requiredText(missingMessage, 2048)
    .refine((url) => !NOT_IN_URL.test(url), "must not contain spaces or control characters")
    .refine(isHttpUrl, "'url' must be an http(s) URL");
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

/** Plain decimal digits: what a form or a query string may carry for a number (not "0x10", "1e3", " 7" or "7.0"). */
const DECIMAL_DIGITS = /^\d{1,15}$/;

/** A whole number within bounds from a query string: plain decimal digits only. */
export function decimalParam(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.string().regex(DECIMAL_DIGITS, "must be plain decimal digits").transform(Number).pipe(z.number().min(min).max(max));
}

/** A whole number within bounds from a body: a JSON integer, or plain decimal digits from a form. */
export function wholeNumber(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(DECIMAL_DIGITS).transform(Number)], { error: "must be a whole number" })
    .pipe(z.number().int("must be a whole number").min(min).max(max));
}
