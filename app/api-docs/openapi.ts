// The OpenAPI 3.1 description of the HTTP API (/api/openapi.json, shown readably at /api/docs). Every route file
// app/routes/api.*.ts has its path here, and tests/integration/openapi.test.ts checks both that and the real
// answers against the schemas below. To add an operation: add the path under `paths` (its route file's name with
// `$id` as `{id}`), one object per method with a summary, its tag, parameters, body and responses, reusing the
// component schemas; the test then calls it if it is in its list.

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema, description: string) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => json(ref("Error"), description);
const body = (schema: Schema, required = true) => ({ required, content: { "application/json": { schema } } });
const idParam = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } };
const tokenParam = { name: "token", in: "path", required: true, schema: { type: "string" } };
const nullable = (type: string) => ({ type: [type, "null"] });
const message = json({ type: "object", required: ["message"], properties: { message: { type: "string" } } }, "What happened, in words for people.");

const signedIn = [{ session: [] }, { bearer: [] }];
const refusals = {
  "401": error("Not signed in."),
  "403": error("Signed in without the role this needs, or a cross-site request."),
};

/** An operation of the admin API: signed in (session cookie or API token) with at least `role`. */
function admin(summary: string, role: "viewer" | "editor" | "admin", operation: Operation = {}): Operation {
  return {
    summary,
    tags: ["Admin"],
    security: signedIn,
    description: `Needs the ${role} role or higher.`,
    ...operation,
    responses: {
      "200": json({ type: "object" }, "Done; the answer describes the result."),
      "400": error("Bad input."),
      ...refusals,
      ...(operation.responses as object),
    },
  };
}

const startJob = (summary: string) =>
  admin(summary, "editor", {
    responses: { "202": json(ref("Job"), "The job is queued; its row tells how it goes."), "200": json(ref("Job"), "Finished at once.") },
  });

const schemas: Record<string, Schema> = {
  Error: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
  Article: {
    type: "object",
    required: ["id", "title", "summary", "category", "priority", "tags", "sourceName", "originalUrl", "publishDate", "views", "isBookmarked", "agencies"],
    properties: {
      id: { type: "integer" },
      title: { type: "string" },
      summary: { type: "string" },
      category: { enum: ["new-regulations", "regulatory-rollbacks", "policy-analysis", "legal-decisions", "legislative-action"] },
      priority: { enum: ["high", "medium", "low"] },
      categoryReason: nullable("string"),
      priorityReason: nullable("string"),
      tags: { type: "array", items: { type: "string" } },
      manuallyTagged: { type: "boolean" },
      sourceId: nullable("integer"),
      sourceName: { type: "string" },
      originalUrl: { type: "string", format: "uri" },
      documentNumber: nullable("string"),
      documentType: nullable("string"),
      agencies: { type: "array", items: { type: "string" } },
      commentsCloseOn: { type: ["string", "null"], format: "date" },
      publishDate: { type: "string", format: "date-time" },
      createdAt: { type: "string", format: "date-time" },
      views: { type: "integer", minimum: 0 },
      isBookmarked: { type: "boolean" },
      aiSummary: nullable("string"),
      aiSummaryBy: {
        oneOf: [{ type: "null" }, { type: "object", required: ["provider"], properties: { provider: { type: "string" }, model: nullable("string") } }],
      },
      officialDesignation: {
        description:
          "OIRA's EO 14192 designation of the document's rulemaking in the Unified Agenda, joined by RIN (a Deregulatory one is preferred when the document names several); null when none of its RINs is designated. A Deregulatory designation files the article under regulatory-rollbacks.",
        oneOf: [{ type: "null" }, ref("OfficialDesignation")],
      },
    },
  },
  OfficialDesignation: {
    type: "object",
    required: ["designation", "edition", "publicationId", "rin", "stage", "priority", "major"],
    properties: {
      designation: { type: "string", description: "As the agenda gives it: Deregulatory, Regulatory, Not significant, Fully or Partially Exempt, ..." },
      edition: { type: "string", description: 'The edition for people, e.g. "Spring 2025".', examples: ["Spring 2025"] },
      publicationId: { type: "string", pattern: "^\\d{6}$", description: 'The edition as reginfo.gov names it (YYYYMM), e.g. "202504".' },
      rin: { type: "string", pattern: "^\\d{4}-[A-Z0-9]{4}$", examples: ["2060-AV00"] },
      stage: { ...nullable("string"), description: 'e.g. "Proposed Rule Stage", "Final Rule Stage", "Long-Term Actions", "Completed Actions".' },
      priority: { ...nullable("string"), description: 'e.g. "Economically Significant", "Other Significant", "Substantive, Nonsignificant".' },
      major: { type: ["boolean", "null"], description: "Whether the agenda calls it a major rule (null when it does not say)." },
    },
  },
  Source: {
    type: "object",
    required: ["id", "name", "url", "category", "keywords", "isActive", "consecutiveFailures"],
    properties: {
      id: { type: "integer" },
      name: { type: "string" },
      url: { type: "string" },
      type: { enum: ["rss", "atom", "federal-register-api", "unified-agenda", null] },
      category: { enum: ["government", "news", "legal", "think-tank"] },
      keywords: { type: "array", items: { type: "string" } },
      isActive: { type: "boolean" },
      status: nullable("string"),
      lastScraped: { type: ["string", "null"], format: "date-time" },
      lastSuccessfulScrape: { type: ["string", "null"], format: "date-time" },
      consecutiveFailures: { type: "integer", minimum: 0 },
      errorMessage: nullable("string"),
    },
  },
  Trends: {
    type: "object",
    required: ["date", "trendsAnalysis", "keyInsights", "articleCount"],
    properties: {
      createdAt: { type: "string", format: "date-time" },
      date: { type: "string", format: "date" },
      trendsAnalysis: { type: "string" },
      keyInsights: { type: "array", items: { type: "string" } },
      significantChanges: { type: "string" },
      emergingPatterns: { type: "string" },
      categoriesAnalyzed: { type: "array", items: { type: "string" } },
      articleCount: { type: "integer" },
      provider: { type: "string" },
      model: nullable("string"),
      stats: { type: ["object", "null"] },
    },
  },
  SourceInput: {
    type: "object",
    properties: {
      name: { type: "string", maxLength: 200 },
      url: { type: "string", format: "uri" },
      category: { enum: ["government", "news", "legal", "think-tank"] },
      keywords: { type: "array", items: { type: "string" } },
      type: {
        enum: ["", "rss", "atom", "federal-register-api", "unified-agenda"],
        description:
          "How to read the source. Empty or left out: detected from its answer (a Unified Agenda edition, REGINFO_RIN_DATA XML, only on reginfo.gov).",
      },
    },
  },
  FeedState: {
    type: "object",
    required: ["bookmarked", "views"],
    properties: {
      bookmarked: { type: "array", items: { type: "integer" } },
      views: { type: "object", additionalProperties: { type: "integer" } },
    },
  },
  AlertStats: {
    type: "object",
    required: ["active", "pending", "stopped", "failures"],
    properties: {
      active: { type: "integer" },
      pending: { type: "integer" },
      stopped: { type: "integer" },
      failures: {
        type: "array",
        items: { type: "object", properties: { alertId: { type: "integer" }, period: { type: "string" }, error: nullable("string"), at: { type: "string" } } },
      },
    },
  },
  Job: { type: "object", properties: { id: { type: "integer" }, kind: { type: "string" }, status: { type: "string" }, message: { type: "string" } } },
};

const filterParams = [
  {
    name: "category",
    in: "query",
    schema: { enum: ["all", "new-regulations", "regulatory-rollbacks", "policy-analysis", "legal-decisions", "legislative-action"] },
  },
  { name: "priority", in: "query", schema: { enum: ["all", "high", "medium", "low"] } },
  { name: "timeframe", in: "query", schema: { enum: ["all", "today", "week", "month"] } },
  { name: "search", in: "query", schema: { type: "string", maxLength: 200 }, description: "Words to find in titles, summaries, tags and source names." },
  { name: "agency", in: "query", schema: { type: "string", maxLength: 200 }, description: "An agency as the Federal Register names it." },
  { name: "type", in: "query", schema: { enum: ["rule", "proposed-rule", "notice", "presidential-document"] } },
  { name: "saved", in: "query", schema: { enum: ["true", "false", "1", "0"] }, description: "Only the caller's bookmarks (by the visitor cookie)." },
  { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 1000 } },
  { name: "offset", in: "query", schema: { type: "integer", minimum: 0 } },
];

const paths: Record<string, Record<string, Operation>> = {
  "/api/articles": {
    get: {
      summary: "Articles matching the filters, newest first (at most 1,000 per answer)",
      tags: ["Articles"],
      parameters: filterParams,
      responses: {
        "200": {
          ...json({ type: "array", items: ref("Article") }, "The page of articles."),
          headers: {
            "X-Total-Count": { schema: { type: "integer" }, description: "How many articles match." },
            Link: { schema: { type: "string" }, description: 'The next page, as rel="next", when there is one.' },
          },
        },
        "400": error("A parameter is invalid; the message names it."),
      },
    },
  },
  "/api/articles/{id}": {
    get: {
      summary: "One article",
      tags: ["Articles"],
      parameters: [idParam],
      responses: { "200": json(ref("Article"), "The article."), "404": error("No such article.") },
    },
    delete: admin("Delete an article (it is not stored again by later scrapes)", "editor", { parameters: [idParam] }),
  },
  "/api/articles/{id}/bookmark": {
    patch: {
      summary: "Toggle the caller's bookmark (the visitor cookie names the caller)",
      tags: ["Articles"],
      parameters: [idParam],
      responses: { "200": json(ref("Article"), "The article as the caller now sees it."), "404": error("No such article.") },
    },
  },
  "/api/articles/{id}/view": {
    patch: {
      summary: "Count a view (once per article per visitor and day)",
      tags: ["Articles"],
      parameters: [idParam],
      responses: { "200": json(ref("Article"), "The article."), "404": error("No such article.") },
    },
  },
  "/api/articles/{id}/ai-summary": {
    post: {
      summary: "Generate (or return the stored) AI summary",
      tags: ["Articles"],
      parameters: [idParam],
      responses: {
        "200": json({ type: "object", required: ["aiSummary"], properties: { aiSummary: { type: "string" } } }, "The summary."),
        "404": json({ type: "object" }, "No such article: the failure fields (userMessage, suggestions, fallbackMessage)."),
        "429": json({ type: "object" }, "Too many summaries asked for: the failure fields."),
        "502": json({ type: "object" }, "The model failed: the failure fields."),
      },
    },
  },
  "/api/articles/{id}/category": { patch: admin("Set an article's category by hand", "editor", { parameters: [idParam] }) },
  "/api/articles/{id}/tags": { patch: admin("Set an article's tags by hand", "editor", { parameters: [idParam] }) },
  "/api/articles/{id}/suggest-tags": { get: admin("Tags the classifier suggests for an article", "editor", { parameters: [idParam] }) },
  "/api/feed-state": {
    get: {
      summary: "The caller's bookmarks among these articles, and their current view counts",
      tags: ["Articles"],
      parameters: [{ name: "ids", in: "query", required: true, schema: { type: "string" }, description: "Up to 100 article ids separated by commas." }],
      responses: { "200": json(ref("FeedState"), "The state."), "400": error("ids is not a list of article ids.") },
    },
  },
  "/api/sources": {
    get: { summary: "Every source the product reads", tags: ["Sources"], responses: { "200": json({ type: "array", items: ref("Source") }, "The sources.") } },
  },
  "/api/trends": {
    get: {
      summary: "The latest 30-day trends analysis",
      tags: ["Trends"],
      responses: { "200": json(ref("Trends"), "The analysis."), "404": error("None generated yet.") },
    },
  },
  "/api/subscribe": {
    post: {
      summary: "Subscribe to the weekly newsletter (confirmed by an emailed link)",
      tags: ["Newsletter and alerts"],
      requestBody: body({ type: "object", required: ["email"], properties: { email: { type: "string" }, source: { type: "string" } } }),
      responses: { "200": message, "400": error("Not an email address."), "429": error("Too many signups from this client.") },
    },
  },
  "/api/alerts": {
    post: {
      summary: "Follow a view of the feed by email (confirmed by an emailed link)",
      tags: ["Newsletter and alerts"],
      requestBody: body({
        type: "object",
        required: ["email", "frequency"],
        properties: {
          email: { type: "string" },
          view: { type: "string", description: 'The view\'s query string, e.g. "category=regulatory-rollbacks&q=methane"; or give the filter fields.' },
          frequency: { enum: ["daily", "weekly"] },
          hour: { type: "integer", minimum: 0, maximum: 23 },
        },
      }),
      responses: { "202": message, "400": error("Bad input, or the Saved view."), "429": error("Too many signups from this client.") },
    },
  },
  "/api/feedback": {
    post: {
      summary: "Send feedback",
      tags: ["Feedback"],
      requestBody: body({
        type: "object",
        required: ["type", "subject", "message"],
        properties: {
          type: { enum: ["bug", "suggestion", "feature", "general"] },
          subject: { type: "string" },
          message: { type: "string" },
          email: { type: "string" },
        },
      }),
      responses: {
        "200": json({ type: "object" }, "Received."),
        "201": json({ type: "object" }, "Received."),
        "400": error("A field is missing or invalid."),
        "429": error("Too many from this client."),
      },
    },
    get: admin("Feedback received", "viewer"),
  },
  "/api/feedback/{id}/status": { patch: admin("Set a feedback item's status", "editor", { parameters: [idParam] }) },
  "/api/feedback/archive-old": { post: admin("Archive resolved feedback older than 30 days", "editor") },
  "/api/auth/login": {
    post: {
      summary: "Sign in",
      tags: ["Accounts"],
      requestBody: body({ type: "object", required: ["email", "password"], properties: { email: { type: "string" }, password: { type: "string" } } }),
      responses: {
        "200": json({ type: "object" }, "Signed in; the session cookie is set."),
        "400": error("Missing fields."),
        "401": error("Wrong email or password."),
        "429": error("Too many failures."),
      },
    },
  },
  "/api/auth/logout": { post: { summary: "Sign out", tags: ["Accounts"], responses: { "200": json({ type: "object" }, "Signed out.") } } },
  "/api/auth/forgot-password": {
    post: {
      summary: "Email a password reset link (the answer is the same whether or not the address has an account)",
      tags: ["Accounts"],
      requestBody: body({ type: "object", required: ["email"], properties: { email: { type: "string" } } }),
      responses: { "200": message, "400": error("Not an email address."), "429": error("Too many requests.") },
    },
  },
  "/api/auth/reset-password": {
    post: {
      summary: "Set a new password with a reset token",
      tags: ["Accounts"],
      requestBody: body({ type: "object", required: ["token", "newPassword"], properties: { token: { type: "string" }, newPassword: { type: "string" } } }),
      responses: { "200": message, "400": error("Invalid or expired token, or a weak password."), "429": error("Too many failures.") },
    },
  },
  "/api/invitations": { post: admin("Invite a collaborator by email", "admin") },
  "/api/invitations/{token}": {
    get: {
      summary: "An invitation's address and role",
      tags: ["Accounts"],
      parameters: [tokenParam],
      responses: { "200": json({ type: "object" }, "The invitation."), "404": error("Invalid or expired.") },
    },
  },
  "/api/invitations/{token}/accept": {
    post: {
      summary: "Accept an invitation by choosing a password",
      tags: ["Accounts"],
      parameters: [tokenParam],
      requestBody: body({ type: "object", required: ["password"], properties: { password: { type: "string" }, confirmPassword: { type: "string" } } }),
      responses: {
        "200": json({ type: "object" }, "Account created and signed in."),
        "400": error("Bad password."),
        "404": error("Invalid or expired invitation."),
      },
    },
  },
  "/api/admin/sources": {
    post: admin("Add a source (its type is detected unless `type` names it; the list with health is GET /api/sources)", "editor", {
      requestBody: body({ allOf: [ref("SourceInput"), { required: ["name", "url", "category"] }] }),
    }),
  },
  "/api/admin/sources/{id}": {
    patch: admin("Edit a source (fields left out keep their values)", "editor", { parameters: [idParam], requestBody: body(ref("SourceInput"), true) }),
    delete: admin("Delete a source", "editor", { parameters: [idParam] }),
  },
  "/api/admin/sources/{id}/toggle": { patch: admin("Turn a source on or off", "editor", { parameters: [idParam] }) },
  "/api/admin/subscribers": { get: admin("Newsletter subscribers", "admin") },
  "/api/admin/subscribers/{id}/status": { patch: admin("Turn a subscriber on or off", "admin", { parameters: [idParam] }) },
  "/api/admin/alerts": {
    get: {
      ...admin("Saved-search alerts: counts and latest delivery failures", "admin"),
      responses: { "200": json(ref("AlertStats"), "The counts."), ...refusals },
    },
  },
  "/api/admin/users": { get: admin("Accounts", "admin") },
  "/api/admin/users/{id}": { delete: admin("Delete an account (never the last active admin)", "admin", { parameters: [idParam] }) },
  "/api/admin/users/{id}/status": { patch: admin("Disable or enable an account", "admin", { parameters: [idParam] }) },
  "/api/admin/update-email": { patch: admin("Change the signed-in user's email (needs the current password)", "viewer") },
  "/api/admin/update-password": { patch: admin("Change the signed-in user's password", "viewer") },
  "/api/admin/add-article": { post: admin("Add an article by hand", "editor") },
  "/api/admin/extract-article": { post: admin("Read a web page's title and text, to add it as an article", "editor") },
  "/api/admin/send-test-newsletter": { post: admin("Send this week's newsletter to one address", "admin") },
  "/api/admin/scrape": { post: startJob("Update News: scrape every due source now") },
  "/api/admin/backfill": { post: startJob("Import the last N days (1-365) from the Federal Register and the feeds") },
  "/api/admin/recategorize": { post: startJob("Re-derive categories (hand-edited articles are kept)") },
  "/api/admin/fix-priorities": { post: startJob("Re-derive priorities (hand-edited articles are kept)") },
  "/api/admin/generate-trends": { post: startJob("Generate today's trends analysis") },
  "/api/openapi.json": {
    get: { summary: "This description", tags: ["About the API"], responses: { "200": json({ type: "object" }, "The OpenAPI 3.1 document.") } },
  },
  "/api/docs": {
    get: {
      summary: "This description as a page to read",
      tags: ["About the API"],
      responses: { "200": { description: "An HTML page.", content: { "text/html": { schema: { type: "string" } } } } },
    },
  },
};

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Federal Deregulation Tracker API",
      version: "1.0.0",
      description:
        "US regulatory and deregulatory news, classified. Public reads need nothing; writes from a browser need the site's own origin; the admin API needs a session cookie or an API token (Authorization: Bearer).",
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: "Articles" },
      { name: "Sources" },
      { name: "Trends" },
      { name: "Newsletter and alerts" },
      { name: "Feedback" },
      { name: "Accounts" },
      { name: "Admin" },
      { name: "About the API" },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__session", description: "The session cookie set by signing in." },
        bearer: { type: "http", scheme: "bearer", description: "An API token created on the dashboard." },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
