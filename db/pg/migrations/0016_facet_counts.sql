CREATE TABLE "agency_counts" (
	"agency" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identifier_counts" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "identifier_counts_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE INDEX "identifier_counts_rank_idx" ON "identifier_counts" USING btree ("kind","count" DESC NULLS LAST,"value");--> statement-breakpoint
-- The counts the pickers and /api/articles/facets read for every article (app/feed/store/facets.server.ts), kept as
-- the lookup tables change, so no reader counts every article (docs/decisions/053). The store writes those tables
-- with ON CONFLICT DO NOTHING (a skipped row fires nothing); an article's deletion removes them by cascade, which
-- fires the delete triggers too.
INSERT INTO "agency_counts" ("agency", "count") SELECT "agency", count(*) FROM "article_agencies" GROUP BY "agency";--> statement-breakpoint
INSERT INTO "identifier_counts" ("kind", "value", "count") SELECT "kind", "value", count(*) FROM "article_identifiers" GROUP BY "kind", "value";--> statement-breakpoint
CREATE FUNCTION "agency_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "agency_counts" SET "count" = "count" - 1 WHERE "agency" = OLD."agency";
		DELETE FROM "agency_counts" WHERE "agency" = OLD."agency" AND "count" <= 0;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "agency_counts" ("agency", "count") VALUES (NEW."agency", 1) ON CONFLICT ("agency") DO UPDATE SET "count" = "agency_counts"."count" + 1;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agency_counts_keep" AFTER INSERT OR DELETE OR UPDATE OF "agency" ON "article_agencies"
	FOR EACH ROW EXECUTE FUNCTION "agency_counts_keep"();--> statement-breakpoint
CREATE FUNCTION "identifier_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "identifier_counts" SET "count" = "count" - 1 WHERE "kind" = OLD."kind" AND "value" = OLD."value";
		DELETE FROM "identifier_counts" WHERE "kind" = OLD."kind" AND "value" = OLD."value" AND "count" <= 0;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "identifier_counts" ("kind", "value", "count") VALUES (NEW."kind", NEW."value", 1)
			ON CONFLICT ("kind", "value") DO UPDATE SET "count" = "identifier_counts"."count" + 1;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "identifier_counts_keep" AFTER INSERT OR DELETE OR UPDATE OF "kind", "value" ON "article_identifiers"
	FOR EACH ROW EXECUTE FUNCTION "identifier_counts_keep"();
