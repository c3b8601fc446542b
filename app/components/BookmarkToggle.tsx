// The card's bookmark toggle. A POST form to the bookmark endpoint (which sends the browser back here);
// with JavaScript the same form sends PATCH through a fetcher and shows the new state at once.
import { Button } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useHydrated } from "~/hooks";
import { IconBookmark } from "./icons";

export function BookmarkToggle({ articleId, bookmarked, returnTo }: { articleId: number; bookmarked: boolean; returnTo: string }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const action = `/api/articles/${articleId}/bookmark`;
  const shown = fetcher.state === "idle" ? bookmarked : !bookmarked;
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
      <Button
        type="submit"
        variant={shown ? "light" : "subtle"}
        color={shown ? "yellow" : "gray"}
        size="compact-sm"
        aria-pressed={shown}
        aria-label="Bookmark"
        title={shown ? "Remove from saved articles" : "Save this article"}
        leftSection={<IconBookmark filled={shown} width={14} height={14} />}
      >
        {shown ? "Saved" : "Save"}
      </Button>
    </form>
  );
}
