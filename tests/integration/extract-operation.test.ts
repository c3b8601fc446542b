// The admin's "extract article" operation: which message the editor reads is decided by what went wrong (the
// typed error under the extraction failure), not by words in its message.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRACT_FAILED_MESSAGE, EXTRACT_PDF_MESSAGE, operations, runOperation } from "~/admin/operations.server";
import type { SessionUser } from "~/auth/session.server";
import { servePages, startServer, type TestServer } from "../support/http-server";

let pages: TestServer;
const editor = { id: 1, email: "editor@example.com", role: "editor", via: "session" } as SessionUser;

beforeAll(async () => {
  pages = await startServer(
    servePages({
      "/docs/notice.pdf": { contentType: "application/pdf", body: fs.readFileSync("tests/fixtures/ai/notice.pdf") },
      "/download": { contentType: "application/octet-stream", body: fs.readFileSync("tests/fixtures/ai/notice.pdf") },
      // Not a PDF, though its media type says "pdf": a check on the message's words would take it for one.
      "/notes": { contentType: "text/x-pdf-notes", body: "notes about a PDF" },
    }),
  );
});
afterAll(() => pages.close());

describe("the extract-article operation", () => {
  it("asks for manual entry when the link is a PDF, by media type or by content", async () => {
    for (const path of ["/docs/notice.pdf", "/download"]) {
      await expect(runOperation(operations.extractArticle, { url: pages.url(path) }, editor)).rejects.toMatchObject({
        kind: "unprocessable",
        message: EXTRACT_PDF_MESSAGE,
      });
    }
  });

  it("says extraction failed for anything else, even when the failure's message mentions a PDF", async () => {
    await expect(runOperation(operations.extractArticle, { url: pages.url("/notes") }, editor)).rejects.toMatchObject({
      kind: "unprocessable",
      message: EXTRACT_FAILED_MESSAGE,
    });
  });
});
