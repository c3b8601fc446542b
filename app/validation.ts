// Validation shared by forms, /api bodies and query strings: field rules (validated on the server; safe to
// import anywhere), and parsing with a schema, where a bad value is an "invalid" AppError naming the field.
// Exact types: a number is a number or plain decimal digits, never `true`, `[7]` or "0x1F".
import { z } from "zod";
import { isHttpUrl } from "./articles/canonical-url";
import { AppError } from "./errors";
import { isUnstorableText } from "./text/storable";

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

/**
 * A point in time from a body: an ISO 8601 date ("2027-01-31", midnight UTC) or time with its offset
 * ("2027-01-31T12:00:00Z"), never `true`, a number of milliseconds or whatever else `new Date()` would guess at.
 */
export function isoDateTime() {
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "must be a date (YYYY-MM-DD) or an ISO 8601 time" })
    .transform((text) => new Date(text));
}

/**
 * Messages for issues whose schema gave none. They start lower-case and are completed with the
 * field name; schema messages (the exact strings of the spec) start upper-case and pass unchanged.
 */
export function fieldMessage(issue: z.core.$ZodRawIssue): string {
  if (issue.input === undefined || issue.input === null) return "is required";
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" ? `must be at least ${issue.minimum} characters` : `must be at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "string" ? `must be at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
    case "invalid_format":
      return issue.format === "email" ? "must be an email address" : issue.format === "url" ? "must be an http(s) URL" : "has the wrong format";
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_type":
      return `must be ${issue.expected === "array" ? "a list" : `a ${issue.expected}`}`;
    default:
      return "is invalid";
  }
}

export function validationMessage(error: z.ZodError) {
  const issue = error.issues[0];
  if (!/^[a-z]/.test(issue.message)) return issue.message;
  const field = issue.path.filter((part) => typeof part === "string").join(".");
  return field ? `'${field}' ${issue.message}` : `The request ${issue.message}`;
}

/** Parses input with the schema; throws an "invalid" AppError (a 400) on the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input, { error: fieldMessage });
  if (!parsed.success) throw new AppError("invalid", validationMessage(parsed.error));
  return parsed.data;
}

/**
 * How deep a request's JSON may nest: the product's bodies are flat objects with short lists (2 levels);
 * anything deeper is refused before a recursive walk (ours, zod's, JSON.stringify's) could overflow the stack.
 */
export const MAX_INPUT_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`;

/** Every string in a value with its field (a dotted path; list entries keep their list's name), walked without recursion. */
function* textEntries(value: unknown): Generator<[path: string, text: string]> {
  const pending: [path: string, value: unknown][] = [["", value]];
  while (pending.length) {
    const [path, entry] = pending.pop()!;
    if (typeof entry === "string") yield [path, entry];
    else if (entry && typeof entry === "object") {
      // Reversed onto the stack, so fields come out in order and the first bad one is named.
      for (const [key, child] of Object.entries(entry).reverse()) pending.push([Array.isArray(entry) ? path : path ? `${path}.${key}` : key, child]);
    }
  }
}

/** True when arrays and objects nest deeper than `max` levels (the body object itself is level 1); without recursion. */
export function isNestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [value: unknown, depth: number][] = [[value, 0]];
  while (pending.length) {
    const [entry, depth] = pending.pop()!;
    if (!entry || typeof entry !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(entry)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The first field (as a dotted path) holding text that cannot be stored and shown as it is: a NUL character,
 * or half of a surrogate pair (JSON can carry one, UTF-8 cannot, so it would be stored as something else).
 */
export function unstorableTextField(value: unknown): string | undefined {
  for (const [path, text] of textEntries(value)) if (isUnstorableText(text)) return path;
  return undefined;
}

export function unstorableTextMessage(field: string) {
  return `'${field || "body"}' must not contain NUL characters or unpaired surrogates`;
}

/** A positive integer route id, or undefined when the parameter cannot name a row. */
export function idParam(raw: string | undefined) {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Parses a positive integer route id; anything else is a 404 ("not-found"), not a 500. */
export function parseId(raw: string | undefined) {
  const id = idParam(raw);
  if (id === undefined) throw new AppError("not-found", "Not found");
  return id;
}
