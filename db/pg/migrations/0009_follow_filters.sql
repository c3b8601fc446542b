CREATE TABLE "article_identifiers" (
	"article_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "article_identifiers_article_id_kind_value_pk" PRIMARY KEY("article_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "article_identifiers" ADD CONSTRAINT "article_identifiers_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_identifiers_kind_value_idx" ON "article_identifiers" USING btree ("kind","value","article_id");--> statement-breakpoint
-- The identifiers a saved view may follow, as SQLite's 0019_follow_filters: each RIN and each docket id a document
-- lists (upper-case), and each CFR reference ("40 CFR 63") as its title and part, "40-63", and as its title alone,
-- "40". Kept in step by triggers, like article_agencies. A list that is not a JSON array counts as empty.
CREATE FUNCTION "article_identifier_rows"(rins jsonb, dockets jsonb, cfrs jsonb) RETURNS TABLE(kind text, value text) LANGUAGE sql IMMUTABLE AS $$
	SELECT 'rin', upper(trim(element #>> '{}')) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(rins) = 'array' THEN rins ELSE '[]'::jsonb END) AS element
	WHERE jsonb_typeof(element) = 'string' AND trim(element #>> '{}') <> ''
	UNION
	SELECT 'docket', upper(trim(element #>> '{}')) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(dockets) = 'array' THEN dockets ELSE '[]'::jsonb END) AS element
	WHERE jsonb_typeof(element) = 'string' AND trim(element #>> '{}') <> ''
	UNION
	SELECT 'cfr-title', upper(trim(substr(ref.text, 1, ref.at - 1))) FROM (
		SELECT trim(element #>> '{}') AS text, strpos(upper(trim(element #>> '{}')) || ' ', ' CFR ') AS at
		FROM jsonb_array_elements(CASE WHEN jsonb_typeof(cfrs) = 'array' THEN cfrs ELSE '[]'::jsonb END) AS element WHERE jsonb_typeof(element) = 'string') AS ref
	WHERE ref.at > 1
	UNION
	SELECT 'cfr', upper(trim(substr(ref.text, 1, ref.at - 1))) || '-' || upper(trim(substr(ref.text || ' ', ref.at + 5))) FROM (
		SELECT trim(element #>> '{}') AS text, strpos(upper(trim(element #>> '{}')) || ' ', ' CFR ') AS at
		FROM jsonb_array_elements(CASE WHEN jsonb_typeof(cfrs) = 'array' THEN cfrs ELSE '[]'::jsonb END) AS element WHERE jsonb_typeof(element) = 'string') AS ref
	WHERE ref.at > 1 AND trim(substr(ref.text || ' ', ref.at + 5)) <> ''
$$;
--> statement-breakpoint
INSERT INTO "article_identifiers" ("article_id", "kind", "value")
	SELECT a."id", r.kind, r.value FROM "articles" a, "article_identifier_rows"(a."regulation_id_numbers", a."docket_ids", a."cfr_references") AS r
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "article_identifiers_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "article_identifiers" WHERE "article_id" = OLD."id";
	END IF;
	INSERT INTO "article_identifiers" ("article_id", "kind", "value")
	SELECT NEW."id", r.kind, r.value FROM "article_identifier_rows"(NEW."regulation_id_numbers", NEW."docket_ids", NEW."cfr_references") AS r
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "article_identifiers_after_insert" AFTER INSERT ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_identifiers_fill"();
--> statement-breakpoint
CREATE TRIGGER "article_identifiers_after_update" AFTER UPDATE OF "regulation_id_numbers", "docket_ids", "cfr_references" ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_identifiers_fill"();
