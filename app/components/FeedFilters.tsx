import { Button, Group, NativeSelect } from "@mantine/core";
import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { feedHref, type ArticleFilters } from "~/articles/filters";
import { CATEGORIES, PRIORITIES, TIMEFRAMES } from "~/articles/vocabulary";
import { useHydrated } from "~/hooks";
import { IconBookmark } from "./icons";
import { HeaderSearchInput } from "./SiteHeader";

export const FEED_FORM_ID = "feed-filters";
const SEARCH_DEBOUNCE_MS = 350;

/**
 * The header's search field, bound to the feed's filter form. With JavaScript every change is
 * applied after a short pause (one request per pause, not per key); without, Enter submits.
 */
export function FeedSearchInput({ search }: { search?: string }) {
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Back/forward: show the search of the URL unless the person is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = search ?? "";
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <HeaderSearchInput
      ref={inputRef}
      form={FEED_FORM_ID}
      defaultValue={search ?? ""}
      onChange={(event) => {
        const form = event.currentTarget.form;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          // Typing refines one search: replace the history entry instead of adding one per pause.
          if (form) submit(form, { replace: Boolean(search) });
        }, SEARCH_DEBOUNCE_MS);
      }}
    />
  );
}

export function FeedFilters({ filters }: { filters: ArticleFilters }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const submitOnChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) submit(event.currentTarget.form);
  };
  return (
    <Form method="get" action="/" id={FEED_FORM_ID} aria-label="Filter articles">
      <nav aria-label="Categories" className="category-row">
        <Group gap="xs" wrap="wrap" py={4}>
          {[{ value: undefined, label: "All News" }, ...CATEGORIES].map((category) => {
            const active = filters.category === category.value;
            return (
              <Button
                key={category.label}
                component={Link}
                to={feedHref({ ...filters, category: category.value })}
                variant={active ? "filled" : "default"}
                size="sm"
                aria-current={active ? "page" : undefined}
                preventScrollReset
              >
                {category.label}
              </Button>
            );
          })}
        </Group>
      </nav>
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.saved ? <input type="hidden" name="saved" value="1" /> : null}
      <Group gap="md" mt="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          key={`priority-${filters.priority ?? ""}`}
          label="Priority"
          name="priority"
          defaultValue={filters.priority ?? ""}
          onChange={submitOnChange}
          data={[{ value: "", label: "All" }, ...PRIORITIES.map((p) => ({ value: p.value, label: p.label }))]}
          w={160}
        />
        <NativeSelect
          key={`time-${filters.timeframe}`}
          label="Time"
          name="time"
          defaultValue={filters.timeframe}
          onChange={submitOnChange}
          data={TIMEFRAMES.map((t) => ({ value: t.value, label: t.label }))}
          w={160}
        />
        {hydrated ? null : (
          <Button type="submit" variant="light">
            Apply filters
          </Button>
        )}
        <Button
          component={Link}
          to={feedHref({ ...filters, saved: !filters.saved })}
          variant={filters.saved ? "filled" : "default"}
          color="yellow"
          aria-current={filters.saved ? "page" : undefined}
          leftSection={<IconBookmark filled={filters.saved} width={14} height={14} />}
          preventScrollReset
        >
          Saved
        </Button>
      </Group>
    </Form>
  );
}
