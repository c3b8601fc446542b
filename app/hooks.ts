import { useEffect, useState } from "react";

/** False during server rendering and the first client render; true once React has hydrated. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
