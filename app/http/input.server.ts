// Reading request input for actions and /api routes: one validation path for JSON bodies and forms,
// so a bad value always becomes a 400 `{ message }` naming the field, never a 500. A body of the wrong
// media type is a 415, text that cannot be stored (NUL, unpaired surrogates) a 400 naming the field, and
// JSON nested deeper than any of our bodies (app/validation.ts MAX_INPUT_DEPTH) a 400 saying so.
import { jsonError } from "./responses.server";
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from "./body-limit.server";
import { isNestedDeeperThan, MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE, unstorableTextField, unstorableTextMessage } from "../validation";

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

function assertStorableText(values: Record<string, unknown>) {
  if (isNestedDeeperThan(values, MAX_INPUT_DEPTH)) throw jsonError(400, TOO_DEEP_MESSAGE);
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
