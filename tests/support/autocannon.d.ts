// The slice of autocannon's API the load helpers use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send of this request: returns the request to send (e.g. with a new path). */
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  };

  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  };

  export type AutocannonResult = {
    requests: { total: number; average: number };
    throughput: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type AutocannonInstance = EventEmitter & { stop(): void };

  function autocannon(options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void): AutocannonInstance;
  export default autocannon;
}
