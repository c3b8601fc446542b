-- What drizzle-kit cannot express, mirroring SQLite's db/migrations: the full-text search of 0001_fts, the article
-- revision counter of 0003_article_revision, the related-list triggers of 0006_related_lists and the agency-table
-- triggers of 0010_agency_and_type_filters. Triggers are row-level and fire on the same columns as SQLite's.

-- 0001_fts: full-text search over title, summary, tags and source name. A generated column follows its row, so
-- it needs no trigger; `simple` lowercases without stemming or stop words, like FTS5's unicode61 tokenizer, and the
-- tags contribute their strings only. Query with `search_vector @@ to_tsquery('simple', 'word:*')`.
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	to_tsvector('simple'::regconfig, "title" || ' ' || "summary")
	|| jsonb_to_tsvector('simple'::regconfig, "tags", '["string"]'::jsonb)
	|| to_tsvector('simple'::regconfig, "source_name")
) STORED;
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");
--> statement-breakpoint

-- 0003_article_revision: a counter that moves whenever an article is added, removed, or changed in anything related
-- articles look at (title, summary, category, priority, tags, source, date). Caches of related-article results
-- compare it to know they are still exact; views, bookmarks and AI summaries do not move it.
CREATE TABLE "article_revision" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"revision" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "article_revision" ("id", "revision") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "article_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "article_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "article_revision_after_insert" AFTER INSERT ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "article_revision_after_delete" AFTER DELETE ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_revision_bump"();
--> statement-breakpoint
CREATE TRIGGER "article_revision_after_update" AFTER UPDATE OF "title", "summary", "category", "priority", "tags", "source_name", "publish_date" ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_revision_bump"();
--> statement-breakpoint

-- 0006_related_lists: stored related-article lists (app/articles/related-store.server.ts). A list row says the
-- article's entries are exact; these triggers drop every list a change could make wrong, and note new and changed
-- articles in related_pending, which the job runner offers to the stored lists of others.
CREATE FUNCTION "related_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "related_pending" ("article_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "related_after_insert" AFTER INSERT ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "related_after_insert"();
--> statement-breakpoint
CREATE FUNCTION "related_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "related_lists" WHERE "article_id" = OLD."id"
		OR "article_id" IN (SELECT "article_id" FROM "related_list_entries" WHERE "related_id" = OLD."id");
	INSERT INTO "related_pending" ("article_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "related_after_update" AFTER UPDATE OF "title", "summary", "category", "priority", "tags", "source_name", "publish_date" ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "related_after_update"();
--> statement-breakpoint
CREATE FUNCTION "related_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "related_lists" WHERE "article_id" IN (SELECT "article_id" FROM "related_list_entries" WHERE "related_id" = OLD."id");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "related_after_delete" AFTER DELETE ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "related_after_delete"();
--> statement-breakpoint

-- 0010_agency_and_type_filters: article_agencies kept in step with articles.agencies (a JSON array of names), one
-- row per string element that is not blank. A deleted article's rows go by the foreign key's cascade.
CREATE FUNCTION "article_agencies_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "article_agencies" WHERE "article_id" = OLD."id";
	END IF;
	IF jsonb_typeof(NEW."agencies") = 'array' THEN
		INSERT INTO "article_agencies" ("article_id", "agency")
		SELECT NEW."id", element #>> '{}' FROM jsonb_array_elements(NEW."agencies") AS element
		WHERE jsonb_typeof(element) = 'string' AND trim(element #>> '{}') <> ''
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "article_agencies_after_insert" AFTER INSERT ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_agencies_fill"();
--> statement-breakpoint
CREATE TRIGGER "article_agencies_after_update" AFTER UPDATE OF "agencies" ON "articles"
	FOR EACH ROW EXECUTE FUNCTION "article_agencies_fill"();
