// Federal Register documents for the rule-text tests: the fixtures in GPO's shape, and a minimal document around
// one paragraph.
import fs from "node:fs";
import path from "node:path";

export const fixture = (name: string) => fs.readFileSync(path.join("tests/fixtures/federal-register-xml", name), "utf8");

/** A document of the given kind whose regulatory analyses hold one paragraph (markup allowed). */
export const documentWith = (root: "RULE" | "PRORULE", paragraph: string) =>
  `<${root}><PREAMB><SUBJECT>Example</SUBJECT></PREAMB><SUPLINF><HD SOURCE="HD1">Regulatory Analyses</HD><P>${paragraph}</P></SUPLINF></${root}>`;
