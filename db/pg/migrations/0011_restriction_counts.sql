ALTER TABLE "articles" ADD COLUMN "restrictions_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "restrictions_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_restrictions_removed_idx" ON "articles" USING btree ("restrictions_removed","publish_date","id");--> statement-breakpoint
CREATE INDEX "articles_removes_restrictions_idx" ON "articles" USING btree ("publish_date","id") WHERE "articles"."restrictions_removed" > "articles"."restrictions_added";--> statement-breakpoint
CREATE INDEX "cfr_redlines_checked_at_idx" ON "cfr_redlines" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "rule_texts_read_at_idx" ON "rule_texts" USING btree ("read_at");--> statement-breakpoint
-- Each article's restriction words removed and added by its compared CFR redlines, summed over its parts, as SQLite's
-- 0021_restriction_counts: the feed's "removes restrictions" filter and its sort read an index of articles. Written
-- with each redline by its store (app/rule-text/store.server.ts), and filled here for the redlines compared before.
UPDATE "articles" a SET "restrictions_removed" = s.removed, "restrictions_added" = s.added
	FROM (SELECT "article_id", coalesce(sum("restrictions_removed"), 0) AS removed, coalesce(sum("restrictions_added"), 0) AS added
		FROM "cfr_redlines" WHERE "status" = 'compared' GROUP BY "article_id") AS s
	WHERE a."id" = s."article_id";
