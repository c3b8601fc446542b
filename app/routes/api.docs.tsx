// /api/docs: the OpenAPI description (app/api-docs/openapi.server.ts) as a page to read, rendered on the server from the
// same document /api/openapi.json serves: operations grouped by tag, each with its parameters, body and answers.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { openApiDocument } from "~/api-docs/openapi.server";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { PanelSection } from "~/components/PanelSection";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { publicUrl } from "~/public-url.server";

export const meta: MetaFunction = () => [{ title: "API: Federal Deregulation Tracker" }];

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };
type Answer = { description: string; content?: Record<string, { schema?: unknown }> };
type OperationView = {
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  parameters: Parameter[];
  requestBody?: unknown;
  bodyTypes: string[];
  responses: [string, Answer][];
  signedIn: boolean;
};

export async function loader() {
  const document = openApiDocument(await publicUrl());
  const operations: OperationView[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const op = operation as Record<string, unknown>;
      const bodyContent = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ""),
        description: op.description as string | undefined,
        tag: ((op.tags as string[]) ?? ["Other"])[0],
        parameters: (op.parameters as Parameter[]) ?? [],
        // JSON, or the form a page posts without JavaScript: the same fields either way.
        requestBody: Object.values(bodyContent)[0]?.schema,
        bodyTypes: Object.keys(bodyContent),
        responses: Object.entries((op.responses as Record<string, Answer>) ?? {}),
        signedIn: Boolean(op.security),
      });
    }
  }
  return { info: document.info, server: document.servers[0].url, tags: document.tags.map((t) => t.name), operations, schemas: document.components.schemas };
}

/** A schema in a few words: a reference's name, a type, or an enumeration. */
function describe(schema: unknown): string {
  if (!schema || typeof schema !== "object") return "";
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === "string") return s.$ref.split("/").pop()!;
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.type === "array") return `array of ${describe(s.items)}`;
  return Array.isArray(s.type) ? s.type.join(" or ") : String(s.type ?? "object");
}

const anchorOf = (operation: OperationView) => `${operation.method.toLowerCase()}-${operation.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}`;

export default function ApiDocs() {
  const { info, server, tags, operations, schemas } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <h2 className="title-h2">{info.title}</h2>
        <p className="text-md">{info.description}</p>
        <p className="text-sm dimmed">
          Server: <code>{server}</code> · the same description as JSON: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1)
        </p>
        <nav aria-label="Operations" className="panel">
          <ul className="list">
            {operations.map((operation) => (
              <li key={anchorOf(operation)}>
                <a href={`#${anchorOf(operation)}`}>
                  <code>
                    {operation.method} {operation.path}
                  </code>
                </a>{" "}
                {operation.summary}
              </li>
            ))}
          </ul>
        </nav>
        {tags.map((tag) => (
          <PanelSection key={tag} id={`tag-${tag.replace(/\W+/g, "-")}`} title={tag} spacedTitle={false}>
            {operations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <article key={anchorOf(operation)} id={anchorOf(operation)} className="api-operation">
                  <h4 className="title-h5">
                    <code>
                      {operation.method} {operation.path}
                    </code>
                  </h4>
                  <p>
                    {operation.summary}
                    {operation.signedIn ? " (signed in)" : ""}
                  </p>
                  {operation.description ? <p className="text-sm dimmed">{operation.description}</p> : null}
                  {operation.parameters.length ? (
                    <table className="api-table">
                      <caption>Parameters</caption>
                      <thead>
                        <tr>
                          <th scope="col">name</th>
                          <th scope="col">in</th>
                          <th scope="col">type</th>
                          <th scope="col">about</th>
                        </tr>
                      </thead>
                      <tbody>
                        {operation.parameters.map((parameter) => (
                          <tr key={`${parameter.in}-${parameter.name}`}>
                            <td>
                              <code>{parameter.name}</code>
                              {parameter.required ? " (required)" : ""}
                            </td>
                            <td>{parameter.in}</td>
                            <td>{describe(parameter.schema)}</td>
                            <td>{parameter.description ?? ""}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : null}
                  {operation.requestBody ? (
                    <>
                      <p className="text-sm">Body ({operation.bodyTypes.join(" or ")}):</p>
                      <pre className="api-schema">{JSON.stringify(operation.requestBody, null, 2)}</pre>
                    </>
                  ) : null}
                  <ul className="list">
                    {operation.responses.map(([status, answer]) => (
                      <li key={status}>
                        <code>{status}</code> {answer.description}
                        {answer.content?.["application/json"]?.schema ? ` (${describe(answer.content["application/json"].schema)})` : ""}
                      </li>
                    ))}
                  </ul>
                </article>
              ))}
          </PanelSection>
        ))}
        <PanelSection id="schemas" title="Schemas" spacedTitle={false}>
          {Object.entries(schemas).map(([name, schema]) => (
            <details key={name} id={`schema-${name}`}>
              <summary>
                <code>{name}</code>
              </summary>
              <pre className="api-schema">{JSON.stringify(schema, null, 2)}</pre>
            </details>
          ))}
        </PanelSection>
      </main>
      <SiteFooter />
    </>
  );
}
