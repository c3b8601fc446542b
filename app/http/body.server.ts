// Request bodies of the public POST endpoints: JSON from scripts and fetchers, form data from plain forms.
import { jsonError } from "./responses.server";

const MAX_BODY_BYTES = 64 * 1024;

/** The body as a plain object; a body that is too large or not parseable is a 413/400 JSON error. */
export async function readJsonOrForm(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) throw jsonError(413, "Request body is too large.");
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) throw jsonError(413, "Request body is too large.");
    try {
      const body: unknown = JSON.parse(text || "{}");
      if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      // Falls through to the error below.
    }
    throw jsonError(400, "The request body must be a JSON object.");
  }
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw jsonError(400, "The request body must be JSON or form data.");
  }
}
