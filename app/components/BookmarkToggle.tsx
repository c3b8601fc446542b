// The card's bookmark toggle. Without JavaScript it is a POST form naming the state it asks for (the page it
// sits on is shared by every reader, so the server sets that state rather than flipping one it cannot see) and
// the browser is sent back with a toast. With JavaScript the same form sends PATCH through a fetcher, which
// toggles, and shows the new state at once.
import { useFetcher } from "@remix-run/react";
import { useHydrated } from "~/hooks";
import { IconBookmark } from "./icons";

export function BookmarkToggle({ articleId, bookmarked, returnTo }: { articleId: number; bookmarked: boolean; returnTo: string }) {
  const fetcher = useFetcher<{ isBookmarked?: boolean }>();
  const hydrated = useHydrated();
  const action = `/api/articles/${articleId}/bookmark`;
  // The answer to this card's last toggle is the newest truth; until then, what the page learned.
  const known = typeof fetcher.data?.isBookmarked === "boolean" ? fetcher.data.isBookmarked : bookmarked;
  const shown = fetcher.state === "idle" ? known : !known;
  return (
    <form
      method="post"
      action={action}
      className="bookmark-form"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        fetcher.submit({}, { method: "PATCH", action });
      }}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="bookmarked" value={shown ? "false" : "true"} />
      {/* A plain button drawn as Mantine's compact Button (app.css, "bookmark-button"): one per card. */}
      <button
        type="submit"
        className={`bookmark-button${shown ? " is-saved" : ""}`}
        aria-pressed={shown}
        aria-label="Bookmark"
        title={shown ? "Remove from saved articles" : "Save this article"}
      >
        <IconBookmark filled={shown} size={14} />
        {shown ? "Saved" : "Save"}
      </button>
    </form>
  );
}
