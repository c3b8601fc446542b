// The whole HTTP API as one list: each endpoint's method, path, who may call it, its body's schema, its answers,
// and the words that describe it. The admin route files take their handler from here by method and path
// (app/http/api.server.ts), the role check and the body parsing come from the operation an endpoint runs
// (app/admin/operations.server.ts), and /api/openapi.json is generated from this list
// (app/api-docs/openapi.server.ts). Only summaries, descriptions and the answers of the public reads are written
// by hand. Why one list: docs/decisions/027-api-operation-registry.md.
import { z } from "zod";
import { jobStarts, operations, type AnyOperation, type Outcome } from "../admin/operations.server";
import { alertInput } from "../alerts/alerts.server";
import { FILTER_PARAMS } from "../feed/filters";
import { forgotPasswordSchema, resetPasswordSchema } from "../auth/password-reset.server";
import { acceptInvitationSchema } from "../auth/invitations.server";
import type { Role } from "../auth/users.server";
import { FEEDBACK_TYPES, MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH } from "../feedback/feedback";
import { signupInput } from "../newsletter/subscribers.server";
import { error, facetParams, filterParams, json, message, ref, type Answer, type Parameter } from "./answer-schemas.server";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** The status of a successful answer, for what the operation did (app/admin/operations.server.ts `outcome`). */
export const OUTCOME_STATUS: Record<Outcome, number> = { done: 200, created: 201, accepted: 202 };

export const API_TAGS = ["Articles", "Sources", "Trends", "Newsletter and alerts", "Feedback", "Accounts", "Admin", "About the API"] as const;
export type ApiTag = (typeof API_TAGS)[number];

/** How a body may come: JSON, or also a plain HTML form (the public forms work without JavaScript). */
export type BodyTypes = "json" | "json-or-form" | "form";

export type Endpoint = {
  method: Method;
  /** OpenAPI style: `/api/articles/{id}/tags`; the route file is its name with `{id}` as `$id`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** "public", or the least role of a signed-in caller (session cookie or API token). */
  role: Role | "public";
  /** The request body's schema; described with `z.toJSONSchema(input, { io: "input" })`. */
  input?: z.ZodType;
  bodyTypes?: BodyTypes;
  query?: Parameter[];
  /** The shared operation that answers; without one the route file has its own handler. */
  operation?: AnyOperation;
  /** Answers written by hand (the success of an operation and its refusals are generated). */
  responses?: Record<string, Answer>;
};

type Words = { summary: string; description?: string; responses?: Record<string, Answer> };

/** An endpoint that runs a shared operation: its role and body schema are the operation's. */
function op(method: Method, path: string, tag: ApiTag, operation: AnyOperation, words: Words): Endpoint {
  return { method, path, tag, role: operation.role, input: operation.input ?? operation.describedInput, operation, ...words };
}

/** An endpoint whose route file has its own handler. */
function own(method: Method, path: string, tag: ApiTag, role: Endpoint["role"], words: Words & Partial<Endpoint>): Endpoint {
  return { method, path, tag, role, ...words };
}

/**
 * The feedback body: the types of app/feedback/feedback.ts, and "feature", the name the spec's client gives
 * the suggestion type (validateFeedback takes both). The hidden honeypot field is left out: people never fill it.
 */
const feedbackInput = z.object({
  type: z.enum([...FEEDBACK_TYPES.map((type) => type.value), "feature"]),
  subject: z.string().max(MAX_SUBJECT_LENGTH),
  message: z.string().max(MAX_MESSAGE_LENGTH),
  email: z.string().optional(),
});

/** POST /api/alerts takes the view as a query string, or the feed's own filter fields (app/routes/api.alerts.ts). */
const alertRequest = alertInput
  .partial({ view: true, hour: true })
  .extend(Object.fromEntries(FILTER_PARAMS.map((field) => [field, z.union([z.string(), z.number()]).optional()])));

/** verifyLogin (app/auth/login.server.ts) checks the two fields by hand, with the spec's one message. */
const loginInput = z.object({ email: z.string(), password: z.string() });

/** The card's form without JavaScript: where to go back to, and for a bookmark the state it asks for. */
const returnTo = z.string().optional();
const bookmarkForm = z.object({ bookmarked: z.enum(["true", "false"]).optional(), returnTo });
const aiSummaryForm = z.object({ returnTo });

const backToPage = { description: "Back to the page the form was on (`returnTo`, a path on this site)." };
const articleList = json({ type: "array", items: ref("Article") }, "The page of articles.");
const waitedJob = {
  "200": json(
    { type: "object", required: ["updated", "jobId"], properties: { updated: { type: "integer", minimum: 0 }, jobId: { type: "integer" } } },
    "Finished: how many articles changed.",
  ),
  "202": json(
    { type: "object", required: ["job", "message"], properties: { job: ref("Job"), message: { type: "string" } } },
    "Still queued or running (or no job runner is running); its outcome shows under Admin Controls.",
  ),
};
const jobStarted = { "202": json(ref("JobStarted"), "The job is queued; its row tells how it goes.") };
const sourceAnswer = (description: string) => json(ref("Source"), description);
const articleAnswer = (description: string) => json(ref("Article"), description);
const failureFields = (description: string) => json({ type: "object" }, `${description}: the failure fields (userMessage, suggestions, fallbackMessage).`);

export const API: Endpoint[] = [
  own("GET", "/api/articles", "Articles", "public", {
    summary: "Articles matching the filters, newest first (at most 1,000 per answer)",
    description:
      "Without a visitor cookie the answer is one every such client shares, made once per change of the articles: view and comment counts in it may lag by up to a minute. With one, `isBookmarked` is the visitor's own and the counts are current. Answers carry an ETag; send it as If-None-Match to get a 304 while nothing changed.",
    query: filterParams,
    responses: {
      "200": {
        ...articleList,
        headers: {
          "X-Total-Count": { schema: { type: "integer" }, description: "How many articles match." },
          Link: { schema: { type: "string" }, description: 'The next page, as rel="next", when there is one.' },
        },
      },
      "400": error("A parameter is invalid; the message names it."),
    },
  }),
  own("GET", "/api/articles/facets", "Articles", "public", {
    summary: "What the articles matching the filters cite most: counts per RIN, docket, CFR part and CFR title",
    description:
      "Takes the filters of GET /api/articles. Each count is of the matching Federal Register documents that list the RIN or docket, or cite the CFR part or title; the same value as `rin`, `docket` or `cfr` there lists them.",
    query: facetParams,
    responses: { "200": json(ref("IdentifierFacets"), "The counts."), "400": error("A parameter is invalid; the message names it.") },
  }),
  own("GET", "/api/articles/{id}", "Articles", "public", {
    summary: "One article",
    responses: { "200": articleAnswer("The article."), "404": error("No such article.") },
  }),
  op("DELETE", "/api/articles/{id}", "Articles", operations.deleteArticle, {
    summary: "Delete an article (it is not stored again by later scrapes)",
    responses: { "200": message },
  }),
  own("PATCH", "/api/articles/{id}/bookmark", "Articles", "public", {
    summary: "Toggle the caller's bookmark (the visitor cookie names the caller)",
    responses: { "200": articleAnswer("The article as the caller now sees it."), "404": error("No such article.") },
  }),
  own("POST", "/api/articles/{id}/bookmark", "Articles", "public", {
    summary: "Save or unsave an article from a form without JavaScript",
    description: "Sets the state `bookmarked` asks for (toggles without it), then sends the caller back to `returnTo` with a message.",
    input: bookmarkForm,
    bodyTypes: "form",
    responses: { "302": backToPage, "404": error("No such article.") },
  }),
  own("PATCH", "/api/articles/{id}/view", "Articles", "public", {
    summary: "Count a view (once per article per visitor and day)",
    responses: { "200": articleAnswer("The article."), "404": error("No such article.") },
  }),
  own("POST", "/api/articles/{id}/ai-summary", "Articles", "public", {
    summary: "Generate (or return the stored) AI summary",
    description: "A form without JavaScript may post `returnTo`: the caller is then sent back there with the summary (or the failure) open.",
    input: aiSummaryForm,
    bodyTypes: "form",
    responses: {
      "200": json({ type: "object", required: ["aiSummary"], properties: { aiSummary: { type: "string" } } }, "The summary."),
      "302": backToPage,
      "404": failureFields("No such article"),
      "429": failureFields("Too many summaries asked for"),
      "502": failureFields("The model failed"),
    },
  }),
  op("PATCH", "/api/articles/{id}/category", "Articles", operations.updateArticleCategory, {
    summary: "Set an article's category by hand",
    responses: { "200": articleAnswer("The article.") },
  }),
  op("PATCH", "/api/articles/{id}/tags", "Articles", operations.updateArticleTags, {
    summary: "Set an article's tags by hand",
    responses: { "200": articleAnswer("The article, marked as manually tagged.") },
  }),
  op("GET", "/api/articles/{id}/suggest-tags", "Articles", operations.suggestTags, {
    summary: "Tags the classifier suggests for an article",
    responses: {
      "200": json({ type: "object", required: ["suggestedTags"], properties: { suggestedTags: { type: "array", items: { type: "string" } } } }, "The tags."),
    },
  }),
  own("GET", "/api/rulemakings/{key}", "Articles", "public", {
    summary: "A rulemaking: its Federal Register documents, where it stands, its agenda entry, and what names it",
    description:
      "Federal Register documents are grouped by RIN, or by docket id when they list no RIN. Court decisions and legislation are matched by the exact RIN, docket id or document title in their title or summary, never by a guess (the Federal Register citation is not matched: the documents we store carry no page citation).",
    responses: { "200": json(ref("Rulemaking"), "The rulemaking."), "404": error("No document and no agenda entry has this key.") },
  }),
  own("GET", "/api/feed-state", "Articles", "public", {
    summary: "The caller's bookmarks among these articles, and their current view counts",
    query: [{ name: "ids", in: "query", required: true, schema: { type: "string" }, description: "Up to 100 article ids separated by commas." }],
    responses: { "200": json(ref("FeedState"), "The state."), "400": error("ids is not a list of article ids.") },
  }),
  own("GET", "/api/sources", "Sources", "public", {
    summary: "Every source the product reads",
    responses: { "200": json({ type: "array", items: ref("Source") }, "The sources.") },
  }),
  own("GET", "/api/trends", "Trends", "public", {
    summary: "The latest 30-day trends analysis",
    responses: { "200": json(ref("Trends"), "The analysis."), "404": error("None generated yet.") },
  }),
  own("GET", "/api/ledger", "Trends", "public", {
    summary: "The deregulation ledger of a federal fiscal year: each agency's deregulatory and regulatory actions under E.O. 14192",
    description:
      "Official counts come from the documents' own statements, else the Unified Agenda's designation; the product's judgement is counted apart (`judgement`). Every count carries the feed view and the GET /api/articles query of exactly the documents it counts. The same ledger as CSV: /ledger.csv?fy=.",
    query: [
      {
        name: "fy",
        in: "query",
        schema: { type: "string", pattern: "^\\d{4}$", examples: ["2026"] },
        description: "The federal fiscal year (FY2026 runs 1 October 2025 to 30 September 2026, in the site's time zone); the current one when left out.",
      },
    ],
    responses: {
      "200": json(ref("Ledger"), "The ledger."),
      "400": error("`fy` is not a fiscal year, or an unknown parameter was given; the message names it."),
    },
  }),
  own("POST", "/api/subscribe", "Newsletter and alerts", "public", {
    summary: "Subscribe to the weekly newsletter (confirmed by an emailed link)",
    input: signupInput,
    bodyTypes: "json-or-form",
    responses: { "200": message, "400": error("Not an email address."), "429": error("Too many signups from this client.") },
  }),
  own("POST", "/api/alerts", "Newsletter and alerts", "public", {
    summary: "Follow a view of the feed by email (confirmed by an emailed link)",
    description:
      'The view is `view`, its query string (e.g. "category=regulatory-rollbacks&q=methane"), or the feed\'s own filter fields; `hour` is when a daily alert goes out.',
    input: alertRequest,
    bodyTypes: "json-or-form",
    responses: { "202": message, "400": error("Bad input, or the Saved view."), "429": error("Too many signups from this client.") },
  }),
  own("POST", "/api/feedback", "Feedback", "public", {
    summary: "Send feedback",
    input: feedbackInput,
    bodyTypes: "json-or-form",
    responses: {
      "201": json(
        { type: "object", required: ["message"], properties: { message: { type: "string" }, id: { type: "integer" } } },
        "Received (a body a bot filled in is answered the same, and dropped).",
      ),
      "400": error("A field is missing or invalid."),
      "429": error("Too many from this client."),
    },
  }),
  own("GET", "/api/feedback", "Feedback", "viewer", {
    summary: "Feedback received",
    responses: { "200": json({ type: "array", items: ref("Feedback") }, "The feedback, newest first.") },
  }),
  op("PATCH", "/api/feedback/{id}/status", "Feedback", operations.setFeedbackStatus, { summary: "Set a feedback item's status" }),
  op("POST", "/api/feedback/archive-old", "Feedback", operations.archiveOldFeedback, {
    summary: "Archive resolved feedback older than 30 days",
    responses: { "200": json({ type: "object", required: ["count"], properties: { count: { type: "integer", minimum: 0 } } }, "How many were archived.") },
  }),
  own("POST", "/api/auth/login", "Accounts", "public", {
    summary: "Sign in",
    input: loginInput,
    responses: {
      "200": json({ type: "object" }, "Signed in; the session cookie is set."),
      "400": error("Missing fields."),
      "401": error("Wrong email or password."),
      "403": error("The account is disabled, or a cross-site request."),
      "429": error("Too many failures."),
    },
  }),
  own("POST", "/api/auth/logout", "Accounts", "public", { summary: "Sign out", responses: { "200": message } }),
  own("POST", "/api/auth/forgot-password", "Accounts", "public", {
    summary: "Email a password reset link (the answer is the same whether or not the address has an account)",
    input: forgotPasswordSchema,
    responses: { "200": message, "400": error("Not an email address."), "429": error("Too many requests.") },
  }),
  own("POST", "/api/auth/reset-password", "Accounts", "public", {
    summary: "Set a new password with a reset token",
    input: resetPasswordSchema,
    responses: { "200": message, "400": error("Invalid or expired token, or a weak password."), "429": error("Too many failures.") },
  }),
  op("POST", "/api/invitations", "Accounts", operations.invite, { summary: "Invite a collaborator by email" }),
  own("GET", "/api/invitations/{token}", "Accounts", "public", {
    summary: "An invitation's address and role",
    responses: {
      "200": json(
        {
          type: "object",
          required: ["email", "role", "expiresAt"],
          properties: { email: { type: "string" }, role: { enum: ["viewer", "editor", "admin"] }, expiresAt: { type: "string", format: "date-time" } },
        },
        "The invitation.",
      ),
      "404": error("Invalid or expired."),
    },
  }),
  own("POST", "/api/invitations/{token}/accept", "Accounts", "public", {
    summary: "Accept an invitation by choosing a password",
    input: acceptInvitationSchema,
    responses: {
      "201": json({ type: "object" }, "Account created and signed in."),
      "400": error("Bad password."),
      "404": error("Invalid or expired invitation."),
      "429": error("Too many failures."),
    },
  }),
  op("POST", "/api/admin/sources", "Sources", operations.createSource, {
    summary: "Add a source (its type is detected unless `type` names it; the list with health is GET /api/sources)",
    responses: { "201": sourceAnswer("The new source."), "409": error("Another source has this URL.") },
  }),
  op("PATCH", "/api/admin/sources/{id}", "Sources", operations.updateSource, {
    summary: "Edit a source (fields left out keep their values)",
    responses: { "200": sourceAnswer("The source."), "409": error("Another source has this URL.") },
  }),
  op("DELETE", "/api/admin/sources/{id}", "Sources", operations.deleteSource, { summary: "Delete a source", responses: { "200": message } }),
  op("PATCH", "/api/admin/sources/{id}/toggle", "Sources", operations.toggleSource, {
    summary: "Turn a source on or off",
    responses: { "200": sourceAnswer("The source.") },
  }),
  op("GET", "/api/admin/subscribers", "Newsletter and alerts", operations.listSubscribers, {
    summary: "Newsletter subscribers",
    responses: { "200": json({ type: "array", items: ref("Subscriber") }, "The subscribers, newest first.") },
  }),
  op("PATCH", "/api/admin/subscribers/{id}/status", "Newsletter and alerts", operations.setSubscriberStatus, { summary: "Turn a subscriber on or off" }),
  op("GET", "/api/admin/alerts", "Newsletter and alerts", operations.alertStats, {
    summary: "Saved-search alerts: counts and latest delivery failures",
    responses: { "200": json(ref("AlertStats"), "The counts.") },
  }),
  op("GET", "/api/admin/users", "Accounts", operations.listUsers, {
    summary: "Accounts",
    responses: { "200": json({ type: "array", items: { type: "object" } }, "The accounts.") },
  }),
  op("DELETE", "/api/admin/users/{id}", "Accounts", operations.deleteUser, {
    summary: "Delete an account (never the last active admin)",
    responses: { "409": error("The last active admin.") },
  }),
  op("PATCH", "/api/admin/users/{id}/status", "Accounts", operations.setUserStatus, {
    summary: "Disable or enable an account",
    responses: { "409": error("The last active admin.") },
  }),
  op("PATCH", "/api/admin/update-email", "Accounts", operations.updateEmail, { summary: "Change the signed-in user's email (needs the current password)" }),
  op("PATCH", "/api/admin/update-password", "Accounts", operations.updatePassword, { summary: "Change the signed-in user's password" }),
  op("POST", "/api/admin/add-article", "Admin", operations.addArticle, {
    summary: "Add an article by hand",
    responses: { "201": articleAnswer("The new article."), "409": error("The article is already stored.") },
  }),
  op("POST", "/api/admin/extract-article", "Admin", operations.extractArticle, {
    summary: "Read a web page's title and text, to add it as an article",
    responses: { "422": error("The page could not be read, or its address is refused.") },
  }),
  op("POST", "/api/admin/send-test-newsletter", "Admin", operations.sendTestNewsletter, {
    summary: "Send this week's newsletter to one address",
    responses: { "200": message },
  }),
  op("POST", "/api/admin/scrape", "Admin", jobStarts.scrape, { summary: "Update News: scrape every due source now", responses: jobStarted }),
  op("POST", "/api/admin/backfill", "Admin", jobStarts.backfill, {
    summary: "Import the last N days (1-365) from the Federal Register and the feeds",
    responses: jobStarted,
  }),
  op("POST", "/api/admin/recategorize", "Admin", operations.recategorize, {
    summary: "Re-derive categories (hand-edited articles are kept)",
    responses: waitedJob,
  }),
  op("POST", "/api/admin/fix-priorities", "Admin", operations.fixPriorities, {
    summary: "Re-derive priorities (hand-edited articles are kept)",
    responses: waitedJob,
  }),
  op("POST", "/api/admin/generate-trends", "Admin", jobStarts.trends, { summary: "Generate today's trends analysis", responses: jobStarted }),
  own("GET", "/api/openapi.json", "About the API", "public", {
    summary: "This description",
    responses: { "200": json({ type: "object" }, "The OpenAPI 3.1 document.") },
  }),
  own("GET", "/api/docs", "About the API", "public", {
    summary: "This description as a page to read",
    responses: { "200": { description: "An HTML page.", content: { "text/html": { schema: { type: "string" } } } } },
  }),
];

/** The endpoints of one path, in the list's order. */
export function endpointsAt(path: string) {
  return API.filter((endpoint) => endpoint.path === path);
}
