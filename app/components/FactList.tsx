import type { ReactNode } from "react";

/** One term and its description in a `fact-list` (a `<dl>` styled in app.css). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
