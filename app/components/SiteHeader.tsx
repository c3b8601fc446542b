import { Link } from "@remix-run/react";
import { forwardRef, type ReactNode } from "react";
import { IconSearch } from "./icons";
import { TextField } from "./TextField";

export const SEARCH_PLACEHOLDER = "Search federal regulations, agencies, executive orders, or policy changes...";

type Props = {
  /** The search field; the feed supplies one tied to its filter form. Other pages get a plain GET form to the feed. */
  search?: ReactNode;
  /** Extra header actions (the Feedback button). */
  actions?: ReactNode;
};

// Plain elements styled in app.css (it is on every page), the search field a TextField drawn as Mantine's input.
export function SiteHeader({ search, actions }: Props) {
  return (
    <header className="site-header">
      <div className="page-container">
        <div className="header-row">
          <div className="header-brand">
            <h1 className="title-h3">
              <Link to="/" className="brand-link">
                Federal Deregulation Tracker
              </Link>
            </h1>
            <span className="card-badge is-small badge-indigo-filled">PRO</span>
            <span className="card-badge is-small badge-green-light with-section">
              <span className="badge-section" aria-hidden="true">
                <span className="live-dot" />
              </span>
              <span>LIVE</span>
            </span>
            <p className="text-sm dimmed">Monitoring 20+ News Sources</p>
          </div>
          {actions}
        </div>
        <nav aria-label="Site" className="site-nav">
          <Link to="/" className="anchor is-sm">
            Latest articles
          </Link>
          <Link to="/comment-periods" className="anchor is-sm">
            Open comment periods
          </Link>
          <Link to="/ledger" className="anchor is-sm">
            Deregulation ledger
          </Link>
        </nav>
        <div className="header-search" role="search">
          {search ?? (
            <form method="get" action="/">
              <HeaderSearchInput />
              {/* Enter submits the form; the button is there for whoever cannot press it (WCAG H32), seen when focused. */}
              <button type="submit" className="visually-hidden-focusable">
                Search
              </button>
            </form>
          )}
        </div>
      </div>
    </header>
  );
}

/** Forwards its ref to the input: the feed sets the box's words when the URL changes (back and forward). */
export const HeaderSearchInput = forwardRef<HTMLInputElement, React.ComponentProps<typeof TextField>>(function HeaderSearchInput(props, ref) {
  return (
    <TextField
      ref={ref}
      type="search"
      name="q"
      aria-label="Search articles"
      placeholder={SEARCH_PLACEHOLDER}
      leftSection={<IconSearch />}
      size="md"
      maxLength={200}
      {...props}
    />
  );
});
