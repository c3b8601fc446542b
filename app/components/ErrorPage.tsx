import { Link } from "@remix-run/react";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "The request could not be read. Please go back and try again." },
  403: { title: "Access denied", text: "You do not have permission to see this page." },
  404: { title: "Page not found", text: "The page you asked for does not exist or has moved." },
};

export function ErrorPage({ status }: { status: number }) {
  const message = MESSAGES[status] ?? {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again in a moment.",
  };
  return (
    <>
      <SiteHeader />
      {/* Plain elements drawn as Mantine's Container (sm), Stack, Text, Title and Button (app.css). */}
      <main id="main" className="page-container error-page">
        <p className="error-status">{status}</p>
        <h2 className="title-h2">{message.title}</h2>
        <p className="text-md">{message.text}</p>
        <Link to="/" className="page-button is-filled">
          Back to the news feed
        </Link>
      </main>
      <SiteFooter />
    </>
  );
}
