-- As SQLite's 0020_lookup_rules_in_typescript: the lookup tables beside articles (article_agencies of 0001,
-- article_rulemakings of 0006 and 0008, article_identifiers of 0009) are written by the store modules, by the rules
-- of app/articles/index-rows.ts (docs/decisions/045): their triggers and functions go. The search column, the
-- revision counter, the related-list triggers and the search-word functions stay.
DROP TRIGGER IF EXISTS "article_agencies_after_insert" ON "articles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_agencies_after_update" ON "articles";--> statement-breakpoint
DROP FUNCTION IF EXISTS "article_agencies_fill"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_rulemakings_after_insert" ON "articles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_rulemakings_after_update" ON "articles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_rulemakings_after_move" ON "articles";--> statement-breakpoint
DROP FUNCTION IF EXISTS "article_rulemakings_fill"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "article_rulemakings_move"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "article_rulemaking_keys"(text, jsonb, jsonb);--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_identifiers_after_insert" ON "articles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_identifiers_after_update" ON "articles";--> statement-breakpoint
DROP FUNCTION IF EXISTS "article_identifiers_fill"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "article_identifier_rows"(jsonb, jsonb, jsonb);--> statement-breakpoint
-- The TypeScript rules differ from the dropped SQL at the edges (an identifier's shape, letter case and whitespace as
-- the server's locale reads them): the start that applies this migration rewrites every stored article's rows by
-- them, then removes the mark (app/articles/store/article-indexes.server.ts, reindexAllArticlesWhenAsked).
INSERT INTO "app_state" ("key", "value") VALUES ('reindex-articles', 'true'::jsonb)
	ON CONFLICT ("key") DO UPDATE SET "value" = EXCLUDED."value";--> statement-breakpoint
-- No read orders or filters rule texts by read time or redlines by check time: these two indexes of 0011 only cost
-- writes.
DROP INDEX IF EXISTS "rule_texts_read_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "cfr_redlines_checked_at_idx";
