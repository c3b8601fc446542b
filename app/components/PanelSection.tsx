import type { ReactNode } from "react";

/** A panel of a static page (plain elements styled in app.css), named by its heading for assistive technology. */
export function PanelSection({ id, title, spacedTitle = true, children }: { id: string; title: string; spacedTitle?: boolean; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h3 className={spacedTitle ? "title-h4 mb-xs" : "title-h4"} id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}
