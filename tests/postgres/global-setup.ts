// One cluster for the run; each test file makes its own database on it (createTestDatabase).
import type { TestProject } from "vitest/node";
import { startPostgres } from "../support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A database on the run's PostgreSQL server, whose URL also reaches the server to create more. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
