// At most PER_HOST_CONCURRENCY requests at a time per host, each in a lane of its own. A lane is one kept-alive
// connection (connector.server.ts keeps one undici agent per lane), so back-to-back requests to a host follow
// one another on the same connection, and a request's time limit starts when it has a lane, not while it waits.
import { FetchError } from "./errors.server";

export const PER_HOST_CONCURRENCY = 2;

type Lanes = { busy: Set<number>; waiting: ((lane: number) => void)[] };

const hostLanes = new Map<string, Lanes>();

function freeLane(lanes: Lanes) {
  for (let lane = 0; lane < PER_HOST_CONCURRENCY; lane++) if (!lanes.busy.has(lane)) return lane;
  return undefined;
}

/** Waits for a free lane of this host (or for the signal: "Cancelled"); `release` hands it to the next waiting request. */
export async function acquireHostLane(host: string, signal?: AbortSignal): Promise<{ lane: number; release: () => void }> {
  let lanes = hostLanes.get(host);
  if (!lanes) hostLanes.set(host, (lanes = { busy: new Set(), waiting: [] }));
  const held = lanes;
  let lane = freeLane(held);
  if (lane === undefined) {
    lane = await new Promise<number>((resolve, reject) => {
      const wake = (handed: number) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(handed);
      };
      const onAbort = () => {
        held.waiting.splice(held.waiting.indexOf(wake), 1);
        reject(new FetchError("Cancelled"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      held.waiting.push(wake);
    });
  } else {
    held.busy.add(lane);
  }
  const mine = lane;
  // A lane handed to a waiting request stays busy, so no newcomer takes it in between.
  const release = () => {
    const next = held.waiting.shift();
    if (next) return next(mine);
    held.busy.delete(mine);
    if (held.busy.size === 0) hostLanes.delete(host);
  };
  return { lane: mine, release };
}
