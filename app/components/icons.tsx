// Small stroke icons, so pages need no icon font or icon library. Their shapes live once in icons.svg, a sprite
// the browser loads and caches like any other build asset; each icon on a page is a <use> of one of its symbols
// (docs/decisions/014-static-page-parts.md). Their size is a class (`.icon`, `.icon.is-12` ... in app.css) rather
// than width and height attributes: a feed page draws about a hundred of them (docs/decisions/023).
import type { SVGProps } from "react";
import sprite from "./icons.svg";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "width" | "height"> & { size?: 12 | 14 | 16 | 18 | 20 };

function Icon({ name, filled, className, size = 16, ...props }: IconProps & { name: string; filled?: boolean }) {
  const classes = `icon${size === 16 ? "" : ` is-${size}`}${filled ? " is-filled" : ""}${className ? ` ${className}` : ""}`;
  return (
    <svg aria-hidden="true" className={classes} {...props}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const IconSource = (p: IconProps) => <Icon name="source" {...p} />;
export const IconEye = (p: IconProps) => <Icon name="eye" {...p} />;
export const IconExternal = (p: IconProps) => <Icon name="external" {...p} />;
export const IconSearch = (p: IconProps) => <Icon name="search" {...p} />;
export const IconCalendar = (p: IconProps) => <Icon name="calendar" {...p} />;
export const IconTrend = (p: IconProps) => <Icon name="trend" {...p} />;
/** A native select's chevron (Mantine's shape and colour), for NativeSelect's right section. */
export const IconSelector = ({ className, ...p }: IconProps) => (
  <Icon name="selector" size={18} className={`select-chevron${className ? ` ${className}` : ""}`} {...p} />
);
/** A close button's cross (a toast's, a dialog's). */
export const IconClose = (p: IconProps) => <Icon name="close" {...p} />;
export const IconBookmark = ({ filled, ...p }: IconProps & { filled?: boolean }) => <Icon name="bookmark" filled={filled} {...p} />;
