// The account pages' form actions: same-site only, and any refusal (a domain error or a thrown JSON error)
// becomes the page's outcome (with the typed values, passwords left out) instead of an error page.
import { json } from "@remix-run/node";
import type { Toast } from "../toast";
import { assertSameOrigin } from "../auth/same-origin.server";
import { refusalOf } from "./app-error.server";
import { formToObject, readForm } from "./input.server";

export type PageOutcome = { ok: boolean; toast: Toast; values?: Record<string, unknown> };

export async function pageAction(
  request: Request,
  failureTitle: string,
  handle: (values: Record<string, unknown>) => Promise<{ toast: Toast; headers?: HeadersInit }>,
) {
  const values = formToObject(await readForm(request));
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));
  try {
    assertSameOrigin(request);
    const { toast, headers } = await handle(values);
    return json<PageOutcome>({ ok: true, toast }, { headers });
  } catch (error) {
    const failure = await refusalOf(error);
    if (!failure) throw error;
    return json<PageOutcome>(
      { ok: false, toast: { title: failureTitle, message: failure.message, variant: "destructive" }, values: kept },
      { status: failure.status },
    );
  }
}
