import { startTransition, useEffect, useState } from "react";

/**
 * False during server rendering and the first client render; true once React has hydrated. The change re-renders
 * every component that asks, on `/` the whole feed: as a transition React renders it in slices that leave the browser
 * free between them, where an urgent update was one task of tens of milliseconds (docs/benchmarks.md, "Lighthouse
 * on `/`"). Until it lands the page works as it does without JavaScript.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
