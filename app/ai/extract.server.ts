// Minimal version; the full implementation lives on its own branch.

/** Title, summary and classification of the article at a URL. Throws (mentioning "PDF" for PDFs) when it cannot. */
export async function extractArticle(url: string): Promise<{ title: string; summary: string; category: string; priority: string; tags: string[] }> {
  void url;
  throw new Error("Automatic extraction is not available.");
}
