// Suggested tags for the tag editor: the classification rules, plus the model's choice when the
// openai provider is configured (restricted to the vocabulary; a failing model leaves the rules' list).
import { classifyArticle } from "../classify/classifier";
import { storedArticle } from "../articles/store/reads.server";
import { TAG_VOCABULARY } from "../articles/vocabulary";
import { AiError, aiProvider, type AiProvider } from "./provider.server";

/** Tags suggested for the article, rules first, each from TAG_VOCABULARY. Throws when the article does not exist. */
export async function suggestTags(articleId: number, provider: AiProvider = aiProvider()): Promise<string[]> {
  const article = await storedArticle(articleId);
  if (!article) throw new Error(`Article ${articleId} not found.`);
  const fromRules = classifyArticle({
    title: article.title,
    summary: article.summary,
    documentType: article.documentType,
    agencies: article.agencies,
    significant: article.significant,
    commentsCloseOn: article.commentsCloseOn,
  }).tags;
  let fromModel: string[] = [];
  if (provider.name !== "local") {
    try {
      fromModel = await provider.chooseTags({ title: article.title, summary: article.summary }, TAG_VOCABULARY);
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      console.warn(`[suggest-tags] article ${articleId}: ${error.message}`);
    }
  }
  const vocabulary: readonly string[] = TAG_VOCABULARY;
  return [...new Set([...fromRules, ...fromModel])].filter((tag) => vocabulary.includes(tag));
}
