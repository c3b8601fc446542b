import { Link } from "@remix-run/react";

export const SUPPORT_EMAIL = "support@deregulation-tracker.org";

// Plain elements styled in app.css: the footer is the same on every page and needs nothing from Mantine.
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-container footer-inner">
        <p className="text-sm dimmed">Federal Deregulation Tracker: US regulatory and deregulatory news from public sources.</p>
        <nav aria-label="Footer" className="footer-links">
          <Link to="/" className="anchor is-sm">
            Home
          </Link>
          <Link to="/about" className="anchor is-sm">
            About
          </Link>
          <Link to="/admin" className="anchor is-sm">
            Admin
          </Link>
          <a href="/#newsletter" className="anchor is-sm">
            Newsletter
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="anchor is-sm">
            Support
          </a>
        </nav>
      </div>
    </footer>
  );
}
