-- Each rulemaking row carries its article's date and category, as SQLite's 0018_rulemaking_dates: the grouped view
-- and the cards' counts read this table and its indexes alone. The defaults only let the columns be added to stored
-- rows; the fill below writes them, and then the columns take no default, as the schema says.
DROP INDEX "article_rulemakings_key_idx";--> statement-breakpoint
ALTER TABLE "article_rulemakings" ADD COLUMN "publish_date" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "article_rulemakings" ADD COLUMN "category" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "article_rulemakings" r SET "publish_date" = a."publish_date", "category" = a."category"
	FROM "articles" a WHERE a."id" = r."article_id";--> statement-breakpoint
ALTER TABLE "article_rulemakings" ALTER COLUMN "publish_date" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "article_rulemakings" ALTER COLUMN "category" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "article_rulemakings_key_date_idx" ON "article_rulemakings" USING btree ("key","publish_date","article_id");--> statement-breakpoint
CREATE INDEX "article_rulemakings_category_idx" ON "article_rulemakings" USING btree ("category","key");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_rulemakings_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "article_rulemakings" WHERE "article_id" = OLD."id";
	END IF;
	INSERT INTO "article_rulemakings" ("article_id", "key", "publish_date", "category")
	SELECT NEW."id", k, NEW."publish_date", NEW."category"
	FROM "article_rulemaking_keys"(NEW."document_number", NEW."regulation_id_numbers", NEW."docket_ids") AS k
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new date (public inspection's document published) or a new category (an edit, a recategorization) follows.
CREATE FUNCTION "article_rulemakings_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "article_rulemakings" SET "publish_date" = NEW."publish_date", "category" = NEW."category" WHERE "article_id" = NEW."id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "article_rulemakings_after_move" AFTER UPDATE OF "publish_date", "category" ON "articles"
	FOR EACH ROW WHEN (OLD."publish_date" IS DISTINCT FROM NEW."publish_date" OR OLD."category" IS DISTINCT FROM NEW."category")
	EXECUTE FUNCTION "article_rulemakings_move"();
