import type { ReactNode } from "react";

type BadgeVariant = "light" | "filled" | "outline";

/** The colour class of a badge (rules in app.css, from Mantine's colour variables): `badge-indigo-light`. */
export function badgeClass(color: string, variant: BadgeVariant) {
  return `badge-${color}-${variant}`;
}

/**
 * A badge drawn like Mantine's (styles in app.css), as a plain element with a colour class rather than a style
 * attribute: a feed page shows dozens of them.
 */
export function CardBadge({
  variant,
  color,
  small,
  keepCase,
  title,
  children,
}: {
  variant: BadgeVariant;
  color: string;
  small?: boolean;
  keepCase?: boolean;
  /** Native tooltip: shown on hover without JavaScript or a tooltip component. */
  title?: string;
  children: ReactNode;
}) {
  const className = `card-badge ${badgeClass(color, variant)}${small ? " is-small" : ""}${keepCase ? " keep-case" : ""}`;
  return (
    <span className={className} title={title}>
      {children}
    </span>
  );
}
