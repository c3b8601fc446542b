// Small stroke icons, so pages need no icon font or icon library. Their shapes live once in icons.svg, a sprite
// the browser loads and caches like any other build asset; each icon on a page is a <use> of one of its symbols
// (docs/decisions/014-static-page-parts.md).
import type { SVGProps } from "react";
import sprite from "./icons.svg";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

function Icon({ name, filled, className, width = 16, height = 16, ...props }: IconProps & { name: string; filled?: boolean }) {
  return (
    <svg width={width} height={height} aria-hidden="true" className={`icon${filled ? " is-filled" : ""}${className ? ` ${className}` : ""}`} {...props}>
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
export const IconBookmark = ({ filled, ...p }: IconProps & { filled?: boolean }) => <Icon name="bookmark" filled={filled} {...p} />;
