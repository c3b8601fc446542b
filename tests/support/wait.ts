// Waiting for a condition in tests: probe often, give up after a bound, never sleep a fixed time and hope.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Probes until `done(value)` holds or `timeoutMs` has passed, and answers the last value either way: for a test
 * that asserts on what came, including "nothing more came".
 */
export async function poll<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000, intervalMs = 25): Promise<T> {
  // performance.now, not Date.now: a test may have frozen the clock to play out a day.
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || performance.now() > deadline) return value;
    await pause(intervalMs);
  }
}

/** Probes until it answers something truthy and answers that; throws, naming `what`, after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | Promise<T>, what: string | (() => string), timeoutMs = 10_000, intervalMs = 25): Promise<NonNullable<T>> {
  const value = await poll(probe, Boolean, timeoutMs, intervalMs);
  if (!value) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === "function" ? what() : what}`);
  return value as NonNullable<T>;
}
