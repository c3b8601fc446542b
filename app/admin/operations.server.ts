// Everything a signed-in user can change, in one place: the dashboard's form intents and the admin /api
// routes both run these, so the role checks, validation and messages are the same on both paths.
import { extractArticle } from "../ingest/extract.server";
import { PdfDocumentError } from "../ai/readable.server";
import { suggestTags } from "../ai/suggest-tags.server";
import {
  addArticleSchema,
  addManualArticle,
  articleCategorySchema,
  articleTagsSchema,
  deleteArticle,
  updateArticleCategory,
  updateArticleTags,
} from "./article-edits.server";
import {
  apiTokenSchema,
  assertNotApiToken,
  createApiToken,
  revokeApiToken,
  updateEmail,
  updateEmailSchema,
  updatePassword,
  updatePasswordSchema,
} from "../auth/account.server";
import { createInvitation, invitationSchema } from "../auth/invitations.server";
import { deleteUser, listUsers, setUserDisabled, userStatusSchema } from "../auth/user-admin.server";
import { getArticle } from "../feed/queries.server";
import type { SessionUser } from "../auth/session.server";
import type { Role } from "../auth/users.server";
import { archiveOldFeedback, feedbackStatusSchema, setFeedbackStatus } from "../feedback/triage.server";
import { z } from "zod";
import { AppError, hasCause } from "../errors";
import { httpUrl, parseId, parseInput } from "../validation";
import { backfillSchema, JOB_BUTTONS, runnerHealth, startJob, waitForJob, type ButtonJobKind, type JobJson } from "../jobs/start.server";
import { isFinished } from "../jobs/outcome";
import { sendTestNewsletter } from "../newsletter/newsletter.server";
import { createSource, deleteSource, sourceSchema, toggleSource, updateSource, type FeedProbe } from "../sources/manage.server";
import { fetchSourceType } from "../ingest/detect.server";
import { PrivateAddressRefused, privateAddressRefusal } from "../fetcher/http-client.server";
import { listSubscribers, setSubscriberActive, subscriberStatusSchema } from "../newsletter/subscriber-list.server";
import { alertStats } from "../alerts/alerts.server";
import type { Toast } from "../toast";

/** The fetcher's checks a new or re-pointed source goes through (app/sources/manage.server.ts). */
const feedProbe: FeedProbe = { addressRefusal: privateAddressRefusal, detectType: fetchSourceType };

export type Input = Record<string, unknown>;

/** What a successful operation did. */
export type Outcome = "done" | "created" | "accepted";

/**
 * Any operation, whatever its result: for tables of operations. The result type appears both as what `run`
 * gives and what `success` takes, so no single type but `any` admits every entry; each entry is type-checked
 * where it is written.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyOperation = Operation<any, any>;

export type Operation<I = Input, R = unknown> = {
  /** The least role allowed: viewers read, editors change articles and sources, admins manage people. */
  role: Role;
  /** The route's `{id}` (a form's `id`) names the row: read first, so an id that names nothing is a 404. */
  id?: true;
  /**
   * The body's schema: parsed (runOperation) before `run` gets it, and described in /api/openapi.json
   * (app/api-docs/openapi.server.ts). Unknown fields are dropped.
   */
  input?: z.ZodType<I>;
  /** A body schema only described: `run` gets the raw body and parses it after checks that must come first (said where set). */
  describedInput?: z.ZodType;
  run(input: I, user: SessionUser, id: number): R | Promise<R>;
  /** The dashboard's toast after success. */
  success(result: Awaited<R>): Toast;
  /** The toast title when it fails (the product's fixed wording); the message is the server's. */
  failure: string;
  /** What a success did, which the /api answer's status says (app/http/api.server.ts): done (the default), a row created, or work accepted to finish later. */
  outcome?: Outcome | ((result: Awaited<R>) => Outcome);
  /** The dashboard shows the result on the page (a link or a secret shown once) instead of redirecting. */
  showsResult?: boolean;
};

function operation<I = Input, R = unknown>(definition: Operation<I, R>): Operation<I, R> {
  return definition;
}

/**
 * Runs an operation for a caller whose role was checked: the id first (a 404 when it names no row), then the
 * body through the operation's schema (a 400 naming the field), then the operation. The dashboard's forms and
 * the /api routes both come through here.
 */
export function runOperation<I, R>(op: Operation<I, R>, values: Input, user: SessionUser): R | Promise<R> {
  const id = op.id ? parseId(String(values.id ?? "")) : 0;
  const input = op.input ? parseInput(op.input, values) : (values as I);
  return op.run(input, user, id);
}

/** The extract form's one field: missing and not-a-URL keep the product's wording (app/validation.ts httpUrl). */
const extractSchema = z.object({ url: httpUrl("URL Required") });

export const EXTRACT_PDF_MESSAGE = "This PDF cannot be automatically processed. Please enter the title and summary manually.";
export const EXTRACT_FAILED_MESSAGE = "Could not extract article details. Please fill in manually.";
/** How long POST /api/admin/recategorize and fix-priorities wait for their job before answering 202. */
export const JOB_WAIT_MS = 30_000;

function jobLabel(kind: ButtonJobKind) {
  return JOB_BUTTONS.find((b) => b.kind === kind)!;
}

/**
 * Backfill takes `daysBack`. A person asking for a news update wants every source tried now, also those
 * waiting out a back-off after failing (the schedule leaves those for later): the outcome then says how each did.
 */
function jobParams(kind: ButtonJobKind, input: Input): Record<string, unknown> {
  if (kind === "backfill") return input;
  if (kind === "scrape") return { force: true };
  return {};
}

/** Enqueues a job and answers at once with it (202). */
function jobOperation(kind: ButtonJobKind) {
  return operation<Input, Awaited<ReturnType<typeof startJob>>>({
    role: "editor",
    input: kind === "backfill" ? backfillSchema : undefined,
    run: (input, user) => startJob(kind, jobParams(kind, input), user.email),
    success: ({ created }) => ({
      title: created ? jobLabel(kind).queued : "Already queued or running",
      message: created
        ? "The job runner does it in the background; its outcome shows under Admin Controls."
        : "This job is already queued or running; its outcome shows under Admin Controls.",
    }),
    failure: jobLabel(kind).failure,
    outcome: "accepted",
  });
}

type WaitedJob = { updated: number; jobId: number } | { job: JobJson; message: string };

/**
 * Enqueues a job and waits for its `updated` count, which the API answers with; 202 when it takes longer,
 * or at once when no job runner is running to do it.
 */
function waitingJobOperation(kind: "recategorize" | "fix-priorities") {
  return operation<Input, WaitedJob>({
    ...jobOperation(kind),
    run: async (_input, user) => {
      const { job } = await startJob(kind, {}, user.email);
      const finished = (await runnerHealth()).stale ? undefined : await waitForJob(job.id, JOB_WAIT_MS);
      if (finished?.status === "failed") throw new AppError("failed", finished.error ?? jobLabel(kind).failure);
      if (finished && isFinished(finished.status)) return { updated: Number(finished.result?.updated ?? 0), jobId: job.id };
      return { job, message: "The job is queued or running; its outcome shows under Admin Controls." };
    },
    success: (result) =>
      "updated" in result
        ? { title: jobLabel(kind).finished, message: `${result.updated} article${result.updated === 1 ? "" : "s"} updated.` }
        : { title: jobLabel(kind).queued, message: result.message },
    outcome: (result) => ("updated" in result ? "done" : "accepted"),
  });
}

export const operations = {
  createSource: operation({
    role: "editor",
    input: sourceSchema,
    run: (input) => createSource(input, feedProbe),
    success: (source) => ({ title: "Source added", message: `${source.name} will be checked on the next update.` }),
    failure: "Failed to add source",
    outcome: "created",
  }),
  updateSource: operation({
    role: "editor",
    id: true,
    // Fields left out keep their values: updateSource checks the body merged with the stored source, after the id.
    describedInput: sourceSchema.partial(),
    run: (input, _user, id) => updateSource(id, input, feedProbe),
    success: (source) => ({ title: "Source updated", message: source.name }),
    failure: "Failed to update source",
  }),
  deleteSource: operation({
    role: "editor",
    id: true,
    run: async (_input, _user, id) => ({ message: `Source deleted: ${(await deleteSource(id)).name}` }),
    success: (result) => ({ title: "Source deleted", message: result.message }),
    failure: "Failed to delete source",
  }),
  toggleSource: operation({
    role: "editor",
    id: true,
    run: (_input, _user, id) => toggleSource(id),
    success: (source) => ({ title: source.isActive ? "Source enabled" : "Source disabled", message: source.name }),
    failure: "Failed to update source",
  }),
  updateArticleTags: operation({
    role: "editor",
    id: true,
    input: articleTagsSchema,
    run: (input, _user, id) => updateArticleTags(id, input),
    success: () => ({ title: "Tags updated", message: "The article is now marked as manually tagged." }),
    failure: "Failed to update tags",
  }),
  updateArticleCategory: operation({
    role: "editor",
    id: true,
    input: articleCategorySchema,
    run: (input, _user, id) => updateArticleCategory(id, input.category),
    success: () => ({ title: "Category updated" }),
    failure: "Failed to update category",
  }),
  suggestTags: operation({
    role: "editor",
    id: true,
    run: async (_input, _user, id) => ({ suggestedTags: await suggestTagsFor(id) }),
    success: () => ({ title: "Suggestions loaded" }),
    failure: "Failed to load suggestions",
  }),
  deleteArticle: operation({
    role: "admin",
    id: true,
    run: async (_input, _user, id) => {
      await deleteArticle(id);
      return { message: "Article deleted" };
    },
    success: () => ({ title: "Article deleted", message: "It will not come back with the next update." }),
    failure: "Failed to delete article",
  }),
  extractArticle: operation({
    role: "editor",
    input: extractSchema,
    run: async ({ url }) => {
      try {
        return await extractArticle(url);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(`[extract] ${url}: ${reason}`);
        // A refused private address is said as such: the editor needs to know the URL itself is not allowed.
        if (hasCause(error, PrivateAddressRefused)) throw new AppError("unprocessable", reason);
        throw new AppError("unprocessable", hasCause(error, PdfDocumentError) ? EXTRACT_PDF_MESSAGE : EXTRACT_FAILED_MESSAGE);
      }
    },
    success: () => ({ title: "Article details extracted", message: "Check them before adding the article." }),
    failure: "Extraction Failed",
    showsResult: true,
  }),
  addArticle: operation({
    role: "editor",
    input: addArticleSchema,
    run: (input) => addManualArticle(input),
    success: (article) => ({ title: "Article added", message: article.title }),
    failure: "Error",
    outcome: "created",
  }),
  setFeedbackStatus: operation({
    role: "editor",
    id: true,
    input: feedbackStatusSchema,
    run: (input, _user, id) => setFeedbackStatus(id, input.status),
    success: (row) => ({ title: "Feedback updated", message: `Status set to ${row.status}.` }),
    failure: "Failed to update feedback status.",
  }),
  archiveOldFeedback: operation({
    role: "editor",
    run: async () => ({ count: await archiveOldFeedback() }),
    success: ({ count }) => ({ title: "Old feedback archived", message: `${count} resolved item${count === 1 ? "" : "s"} archived.` }),
    failure: "Failed to archive old feedback.",
  }),
  listSubscribers: operation({
    role: "admin",
    run: () => listSubscribers(),
    success: () => ({ title: "Subscribers listed" }),
    failure: "Failed to list subscribers",
  }),
  setSubscriberStatus: operation({
    role: "admin",
    id: true,
    input: subscriberStatusSchema,
    run: (input, _user, id) => setSubscriberActive(id, input.isActive),
    success: (s) => ({ title: s.isActive ? "Subscriber activated" : "Subscriber deactivated", message: s.email }),
    failure: "Failed to update subscriber status",
  }),
  alertStats: operation({
    role: "admin",
    run: () => alertStats(),
    success: () => ({ title: "Alerts counted" }),
    failure: "Failed to count alerts",
  }),
  sendTestNewsletter: operation({
    role: "admin",
    run: async (_input, user) => {
      await sendTestNewsletter(user.email);
      return { message: `Test newsletter sent to ${user.email}` };
    },
    success: (result) => ({ title: "Test newsletter sent", message: result.message }),
    failure: "Failed to send test newsletter",
  }),
  invite: operation({
    role: "admin",
    input: invitationSchema,
    run: (input, user) => createInvitation(input, user),
    success: (invitation) => ({
      title: "Invitation created",
      message: invitation.emailSent ? `We emailed the link to ${invitation.email}.` : "Copy the link and send it yourself.",
    }),
    failure: "Failed to create invitation",
    outcome: "created",
    showsResult: true,
  }),
  listUsers: operation({
    role: "admin",
    run: () => listUsers(),
    success: () => ({ title: "Users listed" }),
    failure: "Failed to list users",
  }),
  setUserStatus: operation({
    role: "admin",
    id: true,
    input: userStatusSchema,
    run: (input, _user, id) => setUserDisabled(id, input.disabled),
    success: (user) => ({
      title: user.disabled ? "User disabled" : "User enabled",
      message: user.disabled ? `${user.email} is signed out everywhere and cannot log in.` : `${user.email} can log in again.`,
    }),
    failure: "Failed to change the user's status",
  }),
  deleteUser: operation({
    role: "admin",
    id: true,
    run: (_input, _user, id) => deleteUser(id),
    success: (user) => ({ title: "User deleted", message: user.email }),
    failure: "Failed to delete the user",
  }),
  updateEmail: operation({
    role: "viewer",
    input: updateEmailSchema,
    run: (input, user) => updateEmail(user, input),
    success: (result) => ({ title: "Email updated", message: `You now sign in as ${result.email}.` }),
    failure: "Failed to update email",
    showsResult: true,
  }),
  updatePassword: operation({
    role: "viewer",
    input: updatePasswordSchema,
    run: (input, user) => updatePassword(user, input),
    success: () => ({ title: "Password updated", message: "Your other sessions have been signed out and your API tokens revoked." }),
    failure: "Failed to update password",
  }),
  createApiToken: operation({
    role: "viewer",
    // A token may not make tokens: said before anything about the body.
    describedInput: apiTokenSchema,
    run: (input, user) => {
      assertNotApiToken(user);
      const { name, expiresAt } = parseInput(apiTokenSchema, input);
      return createApiToken(user.id, name, expiresAt);
    },
    success: (token) => ({ title: "API token created", message: `Copy "${token.name}" now: it is shown only once.` }),
    failure: "Failed to create token",
    outcome: "created",
    showsResult: true,
  }),
  revokeApiToken: operation({
    role: "viewer",
    id: true,
    run: async (_input, user, id) => {
      await revokeApiToken(user.id, id);
      return { message: "Token revoked" };
    },
    success: () => ({ title: "API token revoked" }),
    failure: "Failed to revoke token",
  }),
  recategorize: waitingJobOperation("recategorize"),
  fixPriorities: waitingJobOperation("fix-priorities"),
} satisfies Record<string, AnyOperation>;

async function suggestTagsFor(id: number) {
  if (!(await getArticle(id))) throw new AppError("not-found", "Article not found");
  return suggestTags(id);
}

/**
 * One operation per job button, for the dashboard's buttons and the /api job routes: most enqueue and answer at
 * once; recategorize and fix-priorities wait for their count, so the dashboard says what they did.
 */
export const jobStarts: Record<ButtonJobKind, AnyOperation> = {
  ...(Object.fromEntries(JOB_BUTTONS.map((button) => [button.kind, jobOperation(button.kind)])) as Record<ButtonJobKind, AnyOperation>),
  recategorize: operations.recategorize,
  "fix-priorities": operations.fixPriorities,
};
