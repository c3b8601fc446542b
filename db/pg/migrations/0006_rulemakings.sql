CREATE TABLE "article_rulemakings" (
	"article_id" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "article_rulemakings_article_id_key_pk" PRIMARY KEY("article_id","key")
);
--> statement-breakpoint
ALTER TABLE "article_rulemakings" ADD CONSTRAINT "article_rulemakings_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_rulemakings_key_idx" ON "article_rulemakings" USING btree ("key","article_id");--> statement-breakpoint
-- A Federal Register document's rulemakings, as SQLite's 0016_rulemakings: each RIN it lists, upper-case, or, when it
-- lists none, each docket id (upper-case). Kept in step by triggers, like article_agencies.
CREATE FUNCTION "article_rulemaking_keys"(document_number text, rins jsonb, dockets jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT upper(trim(element #>> '{}')) FROM jsonb_array_elements(
		CASE WHEN document_number IS NULL THEN '[]'::jsonb
			WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(rins) = 'array' THEN rins ELSE '[]'::jsonb END) r
				WHERE jsonb_typeof(r) = 'string' AND trim(r #>> '{}') <> '') THEN rins
			WHEN jsonb_typeof(dockets) = 'array' THEN dockets
			ELSE '[]'::jsonb END) AS element
	WHERE jsonb_typeof(element) = 'string' AND trim(element #>> '{}') <> ''
$$;
--> statement-breakpoint
INSERT INTO "article_rulemakings" ("article_id", "key")
	SELECT a."id", k FROM "articles" a, "article_rulemaking_keys"(a."document_number", a."regulation_id_numbers", a."docket_ids") AS k
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "article_rulemakings_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "article_rulemakings" WHERE "article_id" = OLD."id";
	END IF;
	INSERT INTO "article_rulemakings" ("article_id", "key")
	SELECT NEW."id", k FROM "article_rulemaking_keys"(NEW."document_number", NEW."regulation_id_numbers", NEW."docket_ids") AS k
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "article_rulemakings_after_insert" AFTER INSERT ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_rulemakings_fill"();
--> statement-breakpoint
CREATE TRIGGER "article_rulemakings_after_update" AFTER UPDATE OF "document_number", "regulation_id_numbers", "docket_ids" ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_rulemakings_fill"();
