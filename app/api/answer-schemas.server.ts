// The answers' part of the OpenAPI description: JSON Schema helpers, and the component schemas of the answers
// (Article, Source, Job, ...), generated from their zod declarations in the concepts' `answer.server.ts` modules.
// The feed's query parameters come from their declaration (app/feed/filters.ts) and request bodies from the
// operations' zod schemas (app/api/registry.server.ts, app/api-docs/openapi.server.ts).
import { z } from "zod";
import { officialDesignationAnswer } from "../agenda/answer.server";
import { alertStatsAnswer } from "../alerts/answer.server";
import { articleAnswer, feedStateAnswer, identifierCount, identifierFacetsAnswer, rulemakingLinkAnswer } from "../articles/answer.server";
import { VIEW_PARAMS } from "../feed/filters";
import { feedbackAnswer } from "../feedback/answer.server";
import { jobAnswer, jobStartedAnswer } from "../jobs/answer.server";
import { ledgerAnswer } from "../ledger/answer.server";
import { subscriberAnswer } from "../newsletter/answer.server";
import { rulemakingAnswer, rulemakingDateAnswer, rulemakingDocumentAnswer } from "../rulemakings/answer.server";
import { sourceAnswer } from "../sources/answer.server";
import { trendsAnswer } from "../trends/answer.server";

export type Schema = Record<string, unknown>;
export type Parameter = { name: string; in: "path" | "query"; required?: boolean; description?: string; schema: Schema };
export type Answer = { description: string; content?: Record<string, { schema: Schema }>; headers?: Record<string, unknown> };

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Schema, description: string): Answer => ({ description, content: { "application/json": { schema } } });
export const error = (description: string) => json(ref("Error"), description);
export const nullable = (type: string) => ({ type: [type, "null"] });
export const message = json({ type: "object", required: ["message"], properties: { message: { type: "string" } } }, "What happened, in words for people.");
export const anyJson = json({ type: ["object", "array"] }, "Done; the answer describes the result.");

/** The answers declared in zod, by their component names. */
const ANSWERS: Record<string, z.ZodType> = {
  Article: articleAnswer,
  OfficialDesignation: officialDesignationAnswer,
  RulemakingLink: rulemakingLinkAnswer,
  Rulemaking: rulemakingAnswer,
  RulemakingDocument: rulemakingDocumentAnswer,
  RulemakingDate: rulemakingDateAnswer,
  Source: sourceAnswer,
  Job: jobAnswer,
  JobStarted: jobStartedAnswer,
  IdentifierFacets: identifierFacetsAnswer,
  IdentifierCount: identifierCount,
  FeedState: feedStateAnswer,
  Trends: trendsAnswer,
  Ledger: ledgerAnswer,
  AlertStats: alertStatsAnswer,
  Feedback: feedbackAnswer,
  Subscriber: subscriberAnswer,
  Error: z.object({ message: z.string() }),
};

/** zod states that its integers are safe ones; every number a JSON answer carries is, so the bounds say nothing. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Schema }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/**
 * Each answer's JSON Schema: what the server sends (`io: "output"`, where objects are closed with
 * `additionalProperties: false`), the answers it holds by `$ref`.
 */
function answerSchemas(): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(ANSWERS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: "output",
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    override: withoutSafeIntegerBounds,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

export const componentSchemas = answerSchemas();

/** The feed's filters, a view of the articles, from their one declaration (app/feed/filters.ts): each by every name it takes. */
const viewParams: Parameter[] = VIEW_PARAMS.flatMap((param) => [
  { name: param.name, in: "query" as const, schema: param.schema, ...(param.description ? { description: param.description } : {}) },
  ...(param.aliases ?? []).map((alias) => ({ name: alias, in: "query" as const, schema: param.schema, description: `The same as \`${param.name}\`.` })),
]);

export const filterParams: Parameter[] = [
  ...viewParams,
  { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 1000 } },
  { name: "offset", in: "query", schema: { type: "integer", minimum: 0 } },
];

export const facetParams: Parameter[] = [
  ...viewParams,
  { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 }, description: "How many counts of each kind (20 when left out)." },
];
