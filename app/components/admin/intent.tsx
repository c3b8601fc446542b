// Dashboard forms: each posts an `intent` to the /admin action. Without JavaScript it is a plain POST
// (the page comes back with the outcome); with JavaScript a fetcher asks for JSON and shows a toast.
import { Button, Card, Group, Modal, NativeSelect, Text, type ButtonProps, type ComboboxData } from "@mantine/core";
import { Form, Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import type { DashboardActionData } from "~/admin/dashboard-action";
import { useHydrated } from "~/hooks";
import { showToast } from "../Toasts";

export type IntentState<R = unknown> = {
  intent: string;
  fetcher: ReturnType<typeof useFetcher<DashboardActionData>>;
  /** The latest outcome of this form: the fetcher's, or (without JavaScript) the page's action data. */
  data: (DashboardActionData & { result?: R }) | undefined;
  pending: boolean;
  hydrated: boolean;
};

/**
 * One form's state. When several forms share an intent, one per row, `rowId` (the row's posted `id`)
 * picks this form's outcome out of the page's action data; `match` does for any other case (one form
 * with several intents, rows told apart by another field).
 */
export function useIntent<R = unknown>(
  intent: string,
  options: {
    rowId?: number;
    match?: (data: DashboardActionData) => boolean;
    onSuccess?: (data: DashboardActionData) => void;
    /** False where the failure is shown beside the form, without a toast. */
    toastFailures?: boolean;
  } = {},
): IntentState<R> {
  const fetcher = useFetcher<DashboardActionData>();
  const actionData = useActionData<DashboardActionData>();
  const hydrated = useHydrated();
  const toastFailures = options.toastFailures ?? true;
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;
  // The outcome is announced as soon as the action answers, not when the reload after it ends: a reload
  // can outlast a later post (a page navigation that redirects with its own toast), and an outcome
  // announced at its end would then replace the newer one.
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok || toastFailures) showToast(fetcher.data.toast);
    if (fetcher.data.ok) onSuccess.current?.(fetcher.data);
  }, [fetcher.data, toastFailures]);
  const rowId = options.rowId === undefined ? undefined : String(options.rowId);
  const matches = options.match ?? ((data: DashboardActionData) => data.intent === intent && (rowId === undefined || data.values?.id === rowId));
  const pageData = actionData && matches(actionData) ? actionData : undefined;
  return {
    intent,
    fetcher,
    data: (fetcher.data ?? pageData) as IntentState<R>["data"],
    pending: fetcher.state !== "idle",
    hydrated,
  };
}

type IntentFormProps = {
  state: IntentState<unknown>;
  children: ReactNode;
  /** False when the submit buttons carry the intent themselves (one form, several actions). */
  withIntentField?: boolean;
  formRef?: Ref<HTMLFormElement>;
  className?: string;
  id?: string;
  "aria-label"?: string;
  /**
   * Submit as a page navigation (the server redirects with a toast) instead of a fetcher: for forms
   * whose row disappears on success, which would take the fetcher's toast with it.
   */
  navigate?: boolean;
  /**
   * Without JavaScript, the id of the element (with a `ToastHere`) that the page returns to after a
   * success, so its outcome shows in view next to the control; it must still exist after the success.
   */
  at?: string;
  /** Without JavaScript, where the page returns to when the post fails (the form's message): `at` unless said. */
  errorAt?: string;
};

export function IntentForm({ state, children, withIntentField = true, formRef, navigate = false, at, errorAt, ...rest }: IntentFormProps) {
  const FormComponent = navigate ? Form : state.fetcher.Form;
  const location = useLocation();
  // A fragment in a form's action survives the post: the answer (the failure page, or the redirect that
  // inherits it) opens scrolled to that element instead of the top.
  const returnHash = state.hydrated ? undefined : (errorAt ?? at);
  const action = returnHash ? `${location.pathname}${location.search}#${returnHash}` : undefined;
  return (
    <FormComponent method="post" ref={formRef} preventScrollReset action={action} {...rest}>
      {withIntentField ? <input type="hidden" name="intent" value={state.intent} /> : null}
      {state.hydrated && !navigate ? <input type="hidden" name="respond" value="json" /> : null}
      {at && !state.hydrated ? <input type="hidden" name="at" value={at} /> : null}
      {children}
    </FormComponent>
  );
}

/** The failure message of a form, shown next to it (the toast says it too, with JavaScript). */
export function FormError({ state }: { state: IntentState<unknown> }) {
  if (!state.data || state.data.ok) return null;
  return (
    <Text c="red.8" size="sm" role="alert">
      {state.data.toast.title}: {state.data.toast.message}
    </Text>
  );
}

/** A form's submit button on a line of its own, spinning while the form is sent. */
export function SubmitButton({ state, children, justify, color }: { state: IntentState<unknown>; children: ReactNode; justify?: "flex-end"; color?: string }) {
  return (
    <Group justify={justify}>
      <Button type="submit" color={color} loading={state.pending}>
        {children}
      </Button>
    </Group>
  );
}

/** A small select that sends its form as soon as it changes; without JavaScript, a Save button sends it. */
export function AutoSubmitSelect({
  state,
  name,
  label,
  value,
  data,
}: {
  state: IntentState<unknown>;
  name: string;
  label: string;
  value: string;
  data: ComboboxData;
}) {
  return (
    <>
      <NativeSelect
        // A new value from the server (after a save) resets the select to it.
        key={value}
        name={name}
        size="xs"
        aria-label={label}
        defaultValue={value}
        data={data}
        onChange={(event) => state.fetcher.submit(event.currentTarget.form)}
      />
      {state.hydrated ? null : (
        <Button type="submit" size="xs" variant="default">
          Save
        </Button>
      )}
    </>
  );
}

/** A submitted value to put back in a field after a failure. */
export function kept(state: IntentState<unknown>, name: string, fallback = ""): string {
  const value = state.data && !state.data.ok ? state.data.values?.[name] : undefined;
  return typeof value === "string" ? value : fallback;
}

/** The current page's URL with one search parameter changed (or removed with null), opening at `hash` if given. */
export function useHrefWith(name: string, value: string | null, hash?: string) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
}

/**
 * A dialog: a Mantine modal with JavaScript; without, a link to `?dialog=<name>` that renders the
 * same content in place on the page.
 */
export function useDialog(name: string) {
  const location = useLocation();
  const inUrl = new URLSearchParams(location.search).get("dialog") === name;
  const [opened, setOpened] = useState(inUrl);
  return { name, opened: opened || inUrl, open: () => setOpened(true), close: () => setOpened(false) };
}

export type DialogState = ReturnType<typeof useDialog>;

/** Without JavaScript, the id of a dialog's trigger: closing the dialog returns there. */
const triggerId = (dialog: DialogState) => `${dialog.name}-trigger`;

export function DialogTrigger({ dialog, children, ...button }: { dialog: DialogState; children: ReactNode } & ButtonProps) {
  const hydrated = useHydrated();
  // The dialog opens in place, maybe far down the page: the link opens the page scrolled to it.
  const href = useHrefWith("dialog", dialog.name, dialog.name);
  if (hydrated)
    return (
      <Button {...button} onClick={dialog.open}>
        {children}
      </Button>
    );
  return (
    <Button {...button} component={Link} to={href} id={triggerId(dialog)} preventScrollReset>
      {children}
    </Button>
  );
}

export function DialogFrame({ dialog, title, children, size }: { dialog: DialogState; title: string; children: ReactNode; size?: string }) {
  const hydrated = useHydrated();
  const closeHref = useHrefWith("dialog", null, triggerId(dialog));
  if (hydrated)
    return (
      <Modal opened={dialog.opened} onClose={dialog.close} title={title} size={size ?? "lg"} centered>
        {children}
      </Modal>
    );
  if (!dialog.opened) return null;
  return (
    <Card withBorder shadow="sm" padding="lg" role="dialog" aria-label={title} className="inline-dialog" id={dialog.name}>
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{title}</Text>
        <Button component={Link} to={closeHref} variant="subtle" size="xs" preventScrollReset>
          Close
        </Button>
      </Group>
      {children}
    </Card>
  );
}
