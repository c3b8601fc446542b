import { formatCount } from "../text/count";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FeedFacets } from "~/feed/store/facets.server";
import {
  feedHref,
  FOLLOWED_FILTERS,
  followedLabels,
  LEDGER_FILTERS,
  ledgerViewLabels,
  parseFeedParams,
  tidyFeedSearch,
  type ArticleFilters,
  type RestrictionsFilter,
  type SORT_VALUES,
} from "~/feed/filters";
import { CATEGORIES, PRIORITIES, TIMEFRAMES } from "~/articles/vocabulary";
import { useHydrated } from "~/hooks";
import { IconBookmark } from "./icons";
import { SelectField, type SelectOption } from "./SelectField";
import { HeaderSearchInput } from "./SiteHeader";

export const FEED_FORM_ID = "feed-filters";

const RESTRICTION_CHOICES: { value: RestrictionsFilter | ""; label: string }[] = [
  { value: "", label: "Any" },
  { value: "removes", label: "Removes restrictions" },
  { value: "compared", label: "Redline compared" },
];
const SORT_CHOICES: { value: (typeof SORT_VALUES)[number]; label: string }[] = [
  { value: "newest", label: "Newest first" },
  { value: "restrictions-removed", label: "Most restrictions removed" },
  { value: "most-commented", label: "Most commented" },
];
const SEARCH_DEBOUNCE_MS = 350;

/**
 * Applies the filter form with JavaScript: to its tidy URL (no empty or default params), which is
 * where the loader would redirect the form's own submission.
 */
function useApplyFilters() {
  const navigate = useNavigate();
  return (form: HTMLFormElement, options: { replace?: boolean } = {}) => {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
    const query = tidyFeedSearch(fields).toString();
    navigate(`/${query ? `?${query}` : ""}`, options);
  };
}

/**
 * The header's search field, bound to the feed's filter form. With JavaScript every change is
 * applied after a short pause (one request per pause, not per key); without, Enter submits.
 */
export function FeedSearchInput({ search }: { search?: string }) {
  const applyFilters = useApplyFilters();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // The box follows the URL (back and forward included), except while typed words wait to be applied.
  useEffect(() => {
    const input = inputRef.current;
    if (input && !timer.current) input.value = search ?? "";
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
          timer.current = undefined;
          // Typing refines one search: replace the history entry instead of adding one per pause.
          if (form) applyFilters(form, { replace: Boolean(search) });
        }, SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        // Enter submits the form at once: the pending pause would apply the same words a second time.
        if (event.key !== "Enter") return;
        clearTimeout(timer.current);
        timer.current = undefined;
      }}
    />
  );
}

/** The agency picker's choices: the agencies offered, with the one in the URL even when it is not among them. */
function agencyOptions(facets: FeedFacets, selected: string | undefined) {
  const options = [{ value: "", label: "All agencies" }, ...facets.agencies.map((a) => ({ value: a.name, label: `${a.name} (${formatCount(a.count)})` }))];
  if (selected && !facets.agencies.some((a) => a.name === selected)) options.push({ value: selected, label: selected });
  return options;
}

type FilterSelectProps = {
  label: string;
  name: string;
  value: string;
  data: SelectOption[];
  width: 160 | 200 | 280;
};

/**
 * One of the pickers: with JavaScript a choice applies the form at once. Keyed by the URL's value, so it shows
 * that value again after back and forward.
 */
function FilterSelect({ label, name, value, data, width }: FilterSelectProps) {
  const applyFilters = useApplyFilters();
  return (
    <SelectField
      key={`${name}-${value}`}
      label={label}
      name={name}
      defaultValue={value}
      onChange={(event) => {
        if (event.currentTarget.form) applyFilters(event.currentTarget.form);
      }}
      options={data}
      className={`filter-w-${width}`}
    />
  );
}

/**
 * The filters the form shows: while a change of filters is loading, those of the address being loaded, else the
 * page's own. The router renders its latest state, so a render that lands after a newer choice was made (a slow
 * device, a quick hand) shows that newer choice; keyed by the page's filters alone, it would mount the pickers
 * again with the older one, and the next search would carry it back into the address.
 */
function useShownFilters(filters: ArticleFilters) {
  const { state, location } = useNavigation();
  if (state === "idle" || !location || location.pathname !== "/") return filters;
  return parseFeedParams(new URLSearchParams(location.search)).filters;
}

/**
 * The RIN, docket or CFR part the view follows, each as a chip whose × is a plain link to the view without it (no
 * picker offers them: they come from a link, such as a rulemaking's "Follow this rulemaking").
 */
function FollowedChips({ filters }: { filters: ArticleFilters }) {
  // The ledger's filters too (a count's link, app/routes/ledger.tsx): removable the same way.
  const followed = [...followedLabels(filters), ...ledgerViewLabels(filters)];
  if (!followed.length) return null;
  return (
    <ul className="followed-row" aria-label="Following">
      {followed.map(({ filter, label }) => (
        <li key={filter} className="followed-chip">
          {label}
          <Link to={feedHref({ ...filters, [filter]: undefined })} className="followed-chip-remove" aria-label={`Remove ${label}`} preventScrollReset>
            ×
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function FeedFilters({ filters: pageFilters, facets }: { filters: ArticleFilters; facets: FeedFacets }) {
  const filters = useShownFilters(pageFilters);
  const applyFilters = useApplyFilters();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      action="/"
      id={FEED_FORM_ID}
      aria-label="Filter articles"
      onSubmit={(event) => {
        event.preventDefault();
        applyFilters(event.currentTarget);
      }}
    >
      {/* Plain links drawn as Mantine's default and filled Buttons (the pagination's `page-button`, app.css). */}
      <nav aria-label="Categories" className="category-row">
        <div className="card-row category-links">
          {[{ value: undefined, label: "All News" }, ...CATEGORIES].map((category) => {
            const active = filters.category === category.value;
            return (
              <Link
                key={category.label}
                to={feedHref({ ...filters, category: category.value })}
                className="page-button"
                aria-current={active ? "page" : undefined}
                preventScrollReset
              >
                {category.label}
              </Link>
            );
          })}
        </div>
      </nav>
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.saved ? <input type="hidden" name="saved" value="1" /> : null}
      {/* Kept when a picker or the search changes the view. */}
      {FOLLOWED_FILTERS.map((name) => (filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null))}
      {LEDGER_FILTERS.map((name) => (filters[name] ? <input key={name} type="hidden" name={name} value={String(filters[name])} /> : null))}
      <div className="filter-row">
        <FilterSelect
          label="Priority"
          name="priority"
          value={filters.priority ?? ""}
          data={[{ value: "", label: "All" }, ...PRIORITIES.map((p) => ({ value: p.value, label: p.label }))]}
          width={160}
        />
        <FilterSelect label="Time" name="time" value={filters.timeframe} data={TIMEFRAMES.map((t) => ({ value: t.value, label: t.label }))} width={160} />
        {/* Only Federal Register documents have a type and agencies: the pickers show once there are any. */}
        {facets.documentTypes.some((type) => type.count > 0) || filters.documentType ? (
          <FilterSelect
            label="Document type"
            name="type"
            value={filters.documentType ?? ""}
            data={[
              { value: "", label: "All types" },
              ...facets.documentTypes
                .filter((type) => type.count > 0 || type.value === filters.documentType)
                .map((type) => ({ value: type.value, label: `${type.label} (${formatCount(type.count)})` })),
            ]}
            width={200}
          />
        ) : null}
        {facets.agencies.length || filters.agency ? (
          <FilterSelect label="Agency" name="agency" value={filters.agency ?? ""} data={agencyOptions(facets, filters.agency)} width={280} />
        ) : null}
        {/* Final rules whose CFR redlines were compared: what they did to the restriction words. */}
        <FilterSelect label="Restrictions" name="restrictions" value={filters.restrictions ?? ""} data={RESTRICTION_CHOICES} width={200} />
        <FilterSelect label="Sort" name="sort" value={filters.sort ?? "newest"} data={SORT_CHOICES} width={200} />
        {hydrated ? null : (
          <button type="submit" className="page-button is-light">
            Apply filters
          </button>
        )}
        <Link
          to={feedHref({ ...filters, saved: !filters.saved })}
          className="page-button is-yellow"
          aria-current={filters.saved ? "page" : undefined}
          preventScrollReset
        >
          <IconBookmark filled={filters.saved} size={14} />
          Saved
        </Link>
      </div>
      <FollowedChips filters={filters} />
    </Form>
  );
}
