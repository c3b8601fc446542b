// The suite attacks the production build; make one if none exists (npm test builds just before). With
// TEST_ENGINE=postgres (the bench's mixed load on PostgreSQL, tests/bench/steps/mixed.ts), each file's database is
// made on a throw-away PostgreSQL cluster, or on the server TEST_POSTGRES_URL names, as in npm run test:postgres.
import type { TestProject } from "vitest/node";
import { startPostgres } from "../support/postgres";
import { ensureProductionBuild } from "../support/prod-server";

export default async function setup(project: TestProject) {
  ensureProductionBuild();
  if (process.env.TEST_ENGINE !== "postgres") return;
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
