// Places for costly work (password hashes, CSV exports), counted for the whole web process. With WEB_CONCURRENCY > 1
// each worker asks the primary over node:cluster's channel, so "2 hashes at once" means 2 on the machine whatever
// the worker count, not 2 per worker (docs/decisions/041-costly-work-places-counted-by-the-primary.md).
import cluster, { type Worker } from "node:cluster";

/**
 * A kind of costly work: how many run at once (`running`, no limit when left out), how many may wait in line for
 * a place (`waiting`, none by default), and how many one key (a client address) may hold (`perKey`, no limit by
 * default).
 */
export type SlotRule = { name: string; running?: number; waiting?: number; perKey?: number };

/** Why no place was given: every place taken and the line full (`full`), or the key holds its share (`key-full`). */
export type SlotRefusal = "full" | "key-full";
type Outcome = "granted" | SlotRefusal;

type Waiter = { key: string; owner: string; answer: (outcome: Outcome) => void };
type Pool = { running: number; byKey: Map<string, number>; line: Waiter[] };
type Held = { rule: string; key: string };

/** The places of every rule, and who holds them (a worker's places are given back when it dies). */
class SlotTable {
  private pools = new Map<string, Pool>();
  private held = new Map<string, Held[]>();

  request(rule: SlotRule, key: string, owner: string, answer: (outcome: Outcome) => void) {
    const pool = this.pool(rule.name);
    if (rule.perKey !== undefined && (pool.byKey.get(key) ?? 0) >= rule.perKey) return answer("key-full");
    if (rule.running === undefined || pool.running < rule.running) {
      this.take(pool, rule.name, key, owner);
      return answer("granted");
    }
    if (pool.line.length < (rule.waiting ?? 0)) return void pool.line.push({ key, owner, answer });
    answer("full");
  }

  release(ruleName: string, key: string, owner: string) {
    const pool = this.pool(ruleName);
    const mine = this.held.get(owner) ?? [];
    const index = mine.findIndex((h) => h.rule === ruleName && h.key === key);
    if (index < 0) return;
    mine.splice(index, 1);
    if (!mine.length) this.held.delete(owner);
    pool.running -= 1;
    const left = (pool.byKey.get(key) ?? 1) - 1;
    if (left > 0) pool.byKey.set(key, left);
    else pool.byKey.delete(key);
    // The place goes to the first in line.
    const next = pool.line.shift();
    if (next) {
      this.take(pool, ruleName, next.key, next.owner);
      next.answer("granted");
    }
  }

  /** Gives back every place `owner` holds and drops its requests from the lines. */
  forget(owner: string) {
    for (const pool of this.pools.values()) pool.line = pool.line.filter((waiter) => waiter.owner !== owner);
    for (const { rule, key } of [...(this.held.get(owner) ?? [])]) this.release(rule, key, owner);
  }

  inUse(ruleName: string) {
    return this.pools.get(ruleName)?.running ?? 0;
  }

  private take(pool: Pool, ruleName: string, key: string, owner: string) {
    pool.running += 1;
    pool.byKey.set(key, (pool.byKey.get(key) ?? 0) + 1);
    this.held.set(owner, [...(this.held.get(owner) ?? []), { rule: ruleName, key }]);
  }

  private pool(name: string) {
    let pool = this.pools.get(name);
    if (!pool) this.pools.set(name, (pool = { running: 0, byKey: new Map(), line: [] }));
    return pool;
  }
}

/** This process's table: the one every place is counted in, unless this is a web worker (then the primary's). */
const table = new SlotTable();
const SELF = "self";

type TakeMessage = { slots: "take"; id: number; rule: SlotRule; key: string };
type ReleaseMessage = { slots: "release"; rule: string; key: string };
type AnswerMessage = { slots: "answer"; id: number; outcome: Outcome };

const asksPrimary = () => cluster.isWorker && typeof process.send === "function";
let nextRequestId = 1;
const awaitingAnswer = new Map<number, (outcome: Outcome) => void>();
let listening = false;

function askPrimary(rule: SlotRule, key: string): Promise<Outcome> {
  if (!listening) {
    listening = true;
    process.on("message", (message: AnswerMessage) => {
      if (message?.slots !== "answer") return;
      awaitingAnswer.get(message.id)?.(message.outcome);
      awaitingAnswer.delete(message.id);
    });
  }
  const id = nextRequestId++;
  return new Promise((resolve) => {
    awaitingAnswer.set(id, resolve);
    process.send!({ slots: "take", id, rule, key } satisfies TakeMessage);
  });
}

/**
 * Takes a place for `rule` (waiting in line when the rule allows it) and answers the function that gives it back
 * (safe to call twice), or why none was given.
 */
export async function takeSlot(rule: SlotRule, key = ""): Promise<(() => void) | SlotRefusal> {
  const outcome = asksPrimary() ? await askPrimary(rule, key) : await new Promise<Outcome>((resolve) => table.request(rule, key, SELF, resolve));
  if (outcome !== "granted") return outcome;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    if (asksPrimary()) process.send!({ slots: "release", rule: rule.name, key } satisfies ReleaseMessage);
    else table.release(rule.name, key, SELF);
  };
}

/** The places of `rule` held now in this process's table (the whole web process's, in the primary or alone). */
export function slotsInUse(ruleName: string) {
  return table.inUse(ruleName);
}

/** In the primary of WEB_CONCURRENCY > 1 (server.ts): answers the workers' requests, and frees a dead worker's places. */
export function serveSlotsToWorkers() {
  cluster.on("message", (worker: Worker, message: TakeMessage | ReleaseMessage) => {
    const owner = String(worker.id);
    if (message?.slots === "take")
      table.request(message.rule, message.key, owner, (outcome) => {
        if (worker.isConnected()) worker.send({ slots: "answer", id: message.id, outcome } satisfies AnswerMessage);
        else if (outcome === "granted") table.release(message.rule.name, message.key, owner);
      });
    else if (message?.slots === "release") table.release(message.rule, message.key, owner);
  });
  cluster.on("exit", (worker: Worker) => table.forget(String(worker.id)));
}
