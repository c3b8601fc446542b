// Reading request input for actions and /api routes: one validation path for JSON bodies and forms,
// so a bad value always becomes a 400 `{ message }` naming the field, never a 500. A body of the wrong
// media type is a 415, text that cannot be stored (NUL, unpaired surrogates) a 400 naming the field.
import type { z } from "zod";
import { jsonError } from "./responses.server";
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from "./body-limit.server";

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

/** Parses input with the schema; throws 400 `{ message }` on the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input, { error: fieldMessage });
  if (!parsed.success) throw jsonError(400, validationMessage(parsed.error));
  return parsed.data;
}

/** The web server refuses larger bodies while they stream in (server.ts); this is the same limit, checked again. */
async function readBodyText(request: Request) {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) throw jsonError(413, BODY_TOO_LARGE);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw jsonError(413, BODY_TOO_LARGE);
  return text;
}

/** The body's media type, lower-case, without parameters ("" when there is no Content-Type). */
function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

const isJsonType = (type: string) => type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text with a NUL character or half of a surrogate pair: JSON can carry them, the database and pages should not. */
export const isUnstorableText = (text: string) => text.includes("\0") || UNPAIRED_SURROGATE.test(text);

/**
 * The first field (as a dotted path) holding text that cannot be stored and shown as it is: a NUL character,
 * or half of a surrogate pair (JSON can carry one, UTF-8 cannot, so it would be stored as something else).
 */
export function unstorableTextField(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return isUnstorableText(value) ? path : undefined;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, entry] of Object.entries(value)) {
    const found = unstorableTextField(entry, Array.isArray(value) ? path : path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function unstorableTextMessage(field: string) {
  return `'${field || "body"}' must not contain NUL characters or unpaired surrogates`;
}

function assertStorableText(values: Record<string, unknown>) {
  const field = unstorableTextField(values);
  if (field !== undefined) throw jsonError(400, unstorableTextMessage(field));
  return values;
}

/**
 * The JSON object of a request body; an empty body is `{}`, a body that is not `application/json` a 415,
 * anything but an object a 400, a huge one 413.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  if (!text.trim()) return {};
  if (!isJsonType(mediaType(request))) throw jsonError(415, "The request body must be JSON (Content-Type: application/json).");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError(400, "The request body must be JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw jsonError(400, "The request body must be a JSON object.");
  return assertStorableText(body as Record<string, unknown>);
}

/** A posted form; another media type is a 415, a broken form (multipart without its boundary) a 400, not a 500. */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.includes(mediaType(request)))
    throw jsonError(415, "The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw jsonError(400, "The request body must be a form.");
  }
  assertStorableText(formToObject(form));
  return form;
}

/** A form's fields as a plain object (repeated names become lists). */
export function formToObject(form: FormData | URLSearchParams): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    object[key] = values.length > 1 ? values : values[0];
  }
  return object;
}

/**
 * The body of a public POST endpoint that plain HTML forms may also post to: JSON from scripts and fetchers,
 * a form from a page without JavaScript, nothing at all as `{}`; any other media type is a 415.
 */
export async function readJsonOrForm(request: Request): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (FORM_TYPES.includes(type)) return formToObject(await readForm(request));
  return readJsonBody(request);
}

/** The message of a thrown JSON error Response, or undefined when it is something else. */
export async function errorResponseMessage(error: unknown): Promise<{ status: number; message: string } | undefined> {
  if (!(error instanceof Response) || error.ok) return undefined;
  try {
    const body = (await error.clone().json()) as { message?: unknown };
    return { status: error.status, message: typeof body.message === "string" ? body.message : error.statusText };
  } catch {
    return { status: error.status, message: error.statusText || `HTTP ${error.status}` };
  }
}
