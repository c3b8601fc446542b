// The markup rules the browser tests check pages by: html-validate's recommended rules (HTML content models,
// accessibility such as WCAG H32 and aria-label misuse, forms, ids), less those about how HTML is spelled rather
// than what it says.
import { HtmlValidate, type Message } from "html-validate";

/**
 * The pages are React's serialization, which writes attribute names as React spells them (`charSet`, `maxLength`:
 * HTML names are case-insensitive), closes void elements (`<input/>`) and gives boolean attributes an empty value
 * (`selected=""`), all valid HTML.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // Mantine's components pass their CSS variables in style attributes; page-weight.spec.ts bounds where they appear.
    "no-inline-style": "off",
    // Mantine's PasswordInput names its root's class twice; a repeated class changes nothing.
    "no-dup-class": "off",
    // An article page's title is the document's official title, whole: Federal Register titles run long.
    "long-title": "off",
  },
});

const described = (messages: Message[]) => messages.map((m) => `${m.ruleId} at ${m.selector ?? `${m.line}:${m.column}`}: ${m.message}`);

/** The markup errors of a page or a fragment of one, each as a line naming its rule and where. */
export async function markupErrors(html: string) {
  const report = await validator.validateString(html);
  return described(report.results.flatMap((result) => result.messages));
}
