// A titled message box drawn as Mantine's light Alert by plain elements and app.css (`.notice`): the public pages'
// outcomes and refusals, without Mantine's script on them (docs/decisions/055-public-pages-without-mantine.md).
import { useId, type ReactNode } from "react";

type Props = {
  title?: string;
  color: "red" | "green" | "orange";
  /** `alert` for a refusal or a failure, `status` for an outcome. */
  role: "alert" | "status";
  className?: string;
  children?: ReactNode;
};

export function Notice({ title, color, role, className, children }: Props) {
  const id = useId();
  return (
    <div
      role={role}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={children ? `${id}-body` : undefined}
      className={`notice is-${color}${className ? ` ${className}` : ""}`}
    >
      {title ? (
        <p id={`${id}-title`} className="notice-title">
          {title}
        </p>
      ) : null}
      {children ? (
        <div id={`${id}-body`} className="notice-message">
          {children}
        </div>
      ) : null}
    </div>
  );
}
