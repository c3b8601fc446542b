// What every benchmark step receives and returns; run.ts prints and saves the union of all results.
import type { FillReport } from "./corpus";
import type { LoadResult } from "../support/load";
import type { ProductionServer } from "../support/prod-server";

export type BenchOptions = {
  /** Articles in the large corpus (the small one always has 1,000). */
  count: number;
  /** A Federal Register-shaped JSON file to repeat instead of the generator. */
  from?: string;
  /** Seconds of load per endpoint. */
  seconds: number;
  connections: number;
  /** The most seconds the related fill of a new large corpus may take (tests/bench/corpus.ts, ensureFilledCorpus). */
  fillSeconds: number;
};

export type BenchContext = {
  options: BenchOptions;
  /** The engine the servers run on (`npm run bench -- --engine postgres`); SQLite by default. */
  engine: "sqlite" | "postgres";
  /**
   * What a step adds to the environment of a web server it starts itself, per corpus: on PostgreSQL, the
   * DATABASE_URL of the corpus's copy (the working copy's file then only holds the outbox folder).
   */
  databaseEnv: { large: Record<string, string>; small: Record<string, string> };
  /** On PostgreSQL: a URL on the bench's server, from which a step may create a database of its own. */
  postgresUrl?: string;
  /** Working copies of the corpora the servers run on (steps may read them directly). */
  databases: { large: string; small: string };
  /** The cached corpus the large working copy was taken from: as a bulk load leaves it (no related list stored). */
  corpusFile: string;
  servers: { large: ProductionServer; small: ProductionServer };
  /** The corpus builder's own report for the large corpus (insert rate through insertArticle). */
  corpusReport: { inserted: number; seconds: number } | undefined;
  /** The job runner's fill of every related list of the large corpus, as timed when the filled corpus was built. */
  fillReport: FillReport;
};

export type Measurement = LoadResult & { name: string; server: "large" | "small"; path: string };

export type Ratio = {
  name: string;
  value: number;
  /** The target in words, e.g. ">= 0.8". */
  target: string;
  met: boolean;
  detail: string;
};

export type StepResult = {
  measurements?: Measurement[];
  ratios?: Ratio[];
  figures?: Record<string, unknown>;
  /** Peak resident memory (VmHWM, bytes) of servers the step started itself, shown beside the web processes'. */
  peakRss?: Record<string, number | undefined>;
};

export type BenchStep = {
  name: string;
  /** Why the step cannot run on PostgreSQL, when it cannot: it reads the SQLite file itself. */
  sqliteOnly?: string;
  run(context: BenchContext): Promise<StepResult>;
};
