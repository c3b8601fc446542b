// Checking real requests and answers against the OpenAPI description the product serves
// (app/api-docs/openapi.server.ts), with one validator holding the whole document so its references resolve.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { openApiDocument } from "~/api-docs/openapi.server";

/** The description, as served to http://localhost. */
export const openApi = openApiDocument("http://localhost");

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(openApi, "openapi");

/** The JSON pointer of a place in the description, each part escaped ("/api/articles" -> "~1api~1articles"). */
const pointer = (parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** A validator of the schema at this place in the description (`"components", "schemas", "Error"`). */
export function describedSchema(...parts: string[]): ValidateFunction {
  return ajv.compile({ $ref: `openapi#/${pointer(parts)}` });
}

/** Checks an answer's JSON against the schema the description gives for its path, method and status; answers the JSON. */
export async function expectDescribed(response: Response, path: string, method = "get") {
  const status = String(response.status);
  const operation = (openApi.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[path]?.[method];
  expect(operation, `${method} ${path} is described`).toBeDefined();
  expect(operation.responses[status], `${method} ${path} describes status ${status}`).toBeDefined();
  const validate = describedSchema("paths", path, method, "responses", status, "content", "application/json", "schema");
  const body = await response.json();
  expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  return body;
}

/** Checks a request body against the schema the description gives for its path, method and media type. */
export function expectRequestDescribed(path: string, method: string, body: unknown, mediaType = "application/json") {
  const validate = describedSchema("paths", path, method, "requestBody", "content", mediaType, "schema");
  expect(validate(body) ? [] : validate.errors, `${method} ${path} request: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}
