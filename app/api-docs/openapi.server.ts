// The OpenAPI 3.1 description of the HTTP API (/api/openapi.json, shown readably at /api/docs), generated from the
// endpoint list (app/api/registry.server.ts): paths, methods, who may call, request bodies (from the zod schemas
// the server parses them with) and answers. tests/integration/openapi.test.ts checks it against the route files
// and real requests and answers. To add an endpoint, add it to that list.
import { z } from "zod";
import { API, API_TAGS, OUTCOME_STATUS, type BodyTypes, type Endpoint } from "../api/registry.server";
import { anyJson, componentSchemas, error, type Answer, type Parameter, type Schema } from "../api/answer-schemas.server";

const signedIn = [{ session: [] }, { bearer: [] }];

const PATH_PARAMETERS: Record<string, Parameter> = {
  id: { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
  token: { name: "token", in: "path", required: true, schema: { type: "string" } },
  key: {
    name: "key",
    in: "path",
    required: true,
    description:
      'A rulemaking: its RIN ("2060-AV00"), or, for documents that list none, a regulations.gov docket id ("EPA-HQ-OAR-2021-0317"). Letter case does not matter.',
    schema: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$" },
  },
};

const MEDIA_TYPES: Record<BodyTypes, string[]> = {
  json: ["application/json"],
  "json-or-form": ["application/json", "application/x-www-form-urlencoded"],
  form: ["application/x-www-form-urlencoded"],
};

/**
 * A request body's JSON Schema: what a client may send (`io: "input"`, before the server's transforms, which
 * have no JSON Schema and become `{}`), in the dialect of OpenAPI 3.1 (JSON Schema 2020-12).
 */
export function requestSchema(schema: z.ZodType): Schema {
  const { $schema: _dialect, ...described } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Schema;
  return described;
}

function requestBody(endpoint: Endpoint) {
  if (!endpoint.input) return undefined;
  const schema = requestSchema(endpoint.input);
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  const types = MEDIA_TYPES[endpoint.bodyTypes ?? "json"];
  return { required, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

/** The statuses an operation answers a success with. */
function successStatuses(endpoint: Endpoint): string[] {
  const outcome = endpoint.operation?.outcome;
  // An operation whose outcome depends on its result (a job waited for) answers 200 when done, 202 when not yet.
  if (typeof outcome === "function") return [OUTCOME_STATUS.done, OUTCOME_STATUS.accepted].map(String);
  return [String(OUTCOME_STATUS[outcome ?? "done"])];
}

/** What a signed-in endpoint answers besides its own answers: its success, bad input, not signed in, wrong role. */
function signedInAnswers(endpoint: Endpoint): Record<string, Answer> {
  return {
    ...Object.fromEntries(successStatuses(endpoint).map((status) => [status, anyJson])),
    ...(endpoint.input ? { "400": error("Bad input; the message names the field.") } : {}),
    "401": error("Not signed in."),
    "403": error("Signed in without the role this needs, or a cross-site request."),
    ...(endpoint.path.includes("{id}") ? { "404": error("No such row.") } : {}),
  };
}

function describeEndpoint(endpoint: Endpoint) {
  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => PATH_PARAMETERS[name]);
  const parameters = [...pathParameters, ...(endpoint.query ?? [])];
  const isPublic = endpoint.role === "public";
  const description = [endpoint.description, isPublic ? undefined : `Needs the ${endpoint.role} role or higher.`].filter(Boolean).join(" ");
  const body = requestBody(endpoint);
  return {
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    tags: [endpoint.tag],
    ...(isPublic ? {} : { security: signedIn }),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...(isPublic ? {} : signedInAnswers(endpoint)), ...endpoint.responses },
  };
}

function describePaths() {
  const paths: Record<string, Record<string, ReturnType<typeof describeEndpoint>>> = {};
  for (const endpoint of API) (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = describeEndpoint(endpoint);
  return paths;
}

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
    tags: API_TAGS.map((name) => ({ name })),
    paths: describePaths(),
    components: {
      schemas: componentSchemas,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__session", description: "The session cookie set by signing in." },
        bearer: { type: "http", scheme: "bearer", description: "An API token created on the dashboard." },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
