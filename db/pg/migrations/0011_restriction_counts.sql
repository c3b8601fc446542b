ALTER TABLE "articles" ADD COLUMN "restrictions_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "restrictions_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_restrictions_removed_idx" ON "articles" USING btree ("restrictions_removed","publish_date","id");--> statement-breakpoint
CREATE INDEX "articles_removes_restrictions_idx" ON "articles" USING btree ("publish_date","id") WHERE "articles"."restrictions_removed" > "articles"."restrictions_added";--> statement-breakpoint
CREATE INDEX "cfr_redlines_checked_at_idx" ON "cfr_redlines" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "rule_texts_read_at_idx" ON "rule_texts" USING btree ("read_at");--> statement-breakpoint
-- Each article's restriction words removed and added by its compared CFR redlines, summed over its parts, as SQLite's
-- 0021_restriction_counts: the feed's "removes restrictions" filter and its sort read an index of articles. Kept in
-- step by a trigger, and filled for the redlines compared before this migration.
UPDATE "articles" a SET "restrictions_removed" = s.removed, "restrictions_added" = s.added
	FROM (SELECT "article_id", coalesce(sum("restrictions_removed"), 0) AS removed, coalesce(sum("restrictions_added"), 0) AS added
		FROM "cfr_redlines" WHERE "status" = 'compared' GROUP BY "article_id") AS s
	WHERE a."id" = s."article_id";
--> statement-breakpoint
CREATE FUNCTION "article_restrictions_sum"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer := CASE WHEN TG_OP = 'DELETE' THEN OLD."article_id" ELSE NEW."article_id" END;
BEGIN
	UPDATE "articles" SET
		"restrictions_removed" = (SELECT coalesce(sum("restrictions_removed"), 0) FROM "cfr_redlines" WHERE "article_id" = changed AND "status" = 'compared'),
		"restrictions_added" = (SELECT coalesce(sum("restrictions_added"), 0) FROM "cfr_redlines" WHERE "article_id" = changed AND "status" = 'compared')
		WHERE "id" = changed;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cfr_redlines_restrictions_after_insert" AFTER INSERT ON "cfr_redlines"
	FOR EACH ROW WHEN (NEW."status" = 'compared') EXECUTE FUNCTION "article_restrictions_sum"();
--> statement-breakpoint
CREATE TRIGGER "cfr_redlines_restrictions_after_update" AFTER UPDATE OF "status", "restrictions_removed", "restrictions_added" ON "cfr_redlines"
	FOR EACH ROW EXECUTE FUNCTION "article_restrictions_sum"();
--> statement-breakpoint
CREATE TRIGGER "cfr_redlines_restrictions_after_delete" AFTER DELETE ON "cfr_redlines"
	FOR EACH ROW WHEN (OLD."status" = 'compared') EXECUTE FUNCTION "article_restrictions_sum"();
