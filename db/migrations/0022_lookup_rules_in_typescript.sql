-- The lookup tables beside articles (article_agencies of 0010, article_rulemakings of 0016 and 0018,
-- article_identifiers of 0019) are written by the store modules, by the rules of app/articles/index-rows.ts, the same
-- on both engines (docs/decisions/045): their triggers go. The full-text, revision and related-list triggers stay.
DROP TRIGGER IF EXISTS `article_agencies_after_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_agencies_after_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_rulemakings_after_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_rulemakings_after_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_rulemakings_after_move`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_identifiers_after_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `article_identifiers_after_update`;--> statement-breakpoint
-- The TypeScript rules differ from the dropped SQL at the edges (an identifier's shape, letter case beyond ASCII,
-- whitespace other than spaces): this mark has the start that applies this migration rewrite every stored article's
-- rows by them, then remove it (app/articles/store/article-indexes.server.ts, reindexAllArticlesWhenAsked).
INSERT OR REPLACE INTO `app_state` (`key`, `value`) VALUES ('reindex-articles', 'true');--> statement-breakpoint
-- No read orders or filters rule texts by read time or redlines by check time: these two indexes of 0021 only cost
-- writes.
DROP INDEX IF EXISTS `rule_texts_read_at_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `cfr_redlines_checked_at_idx`;
