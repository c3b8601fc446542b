// The feed's address in its short form: what the loaders redirect to and what the filters navigate to.
import { describe, expect, it } from "vitest";
import { tidyFeedPath, tidyFeedSearch } from "~/feed/filters";

const tidy = (path: string) => tidyFeedPath(new URL(path, "http://site.invalid"));

describe("tidyFeedPath", () => {
  it.each([
    ["/?q=&priority=&time=all", "/"],
    ["/?category=&priority=high&time=all&q=", "/?priority=high"],
    ["/?q=%20epa%20&page=1", "/?q=epa"],
    ["/?priority=urgent&time=week", "/?time=week"],
    ["/?saved=0&category=legal-decisions", "/?category=legal-decisions"],
    ["/admin?q=&category=&priority=&time=all&feedback=active", "/admin?feedback=active"],
    ["/admin?dialog=tags-4&q=", "/admin?dialog=tags-4"],
  ])("%s becomes %s", (path, expected) => {
    expect(tidy(path)).toBe(expected);
  });

  it.each(["/", "/?q=epa", "/?time=week&category=legal-decisions", "/?page=2&saved=1", "/admin?dialog=account&feedback=active"])(
    "leaves the tidy %s alone, whatever the order of its params",
    (path) => {
      expect(tidy(path)).toBeNull();
    },
  );
});

describe("tidyFeedSearch", () => {
  it("keeps other params, but leaves them all out when they would make a query string of kilobytes", () => {
    expect(tidyFeedSearch(new URLSearchParams("dialog=account&q=&feedback=active")).toString()).toBe("dialog=account&feedback=active");
    const huge = new URLSearchParams([
      ["category", "legal-decisions"],
      ["unknown", "x".repeat(15_000)],
      ["dialog", "account"],
    ]);
    expect(tidyFeedSearch(huge).toString()).toBe("category=legal-decisions");
    expect(tidy(`/?unknown=${"x".repeat(15_000)}`)).toBe("/");
  });

  it("writes a submitted filter form's fields without the empty and default ones", () => {
    const fields = new URLSearchParams([
      ["category", "new-regulations"],
      ["priority", ""],
      ["time", "all"],
      ["q", "clean air"],
    ]);
    expect(tidyFeedSearch(fields).toString()).toBe("category=new-regulations&q=clean+air");
  });
});
