import { Link } from "@remix-run/react";

export const SUPPORT_EMAIL = "support@deregulation-tracker.org";

const FOOTER_PAGES = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/admin", label: "Admin" },
];

// Plain elements styled in app.css: the footer is the same on every page and needs nothing from Mantine.
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-container footer-inner">
        <p className="text-sm dimmed">Federal Deregulation Tracker: US regulatory and deregulatory news from public sources.</p>
        <nav aria-label="Footer" className="footer-links">
          {FOOTER_PAGES.map((page) => (
            <Link key={page.to} to={page.to} className="anchor is-sm">
              {page.label}
            </Link>
          ))}
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
