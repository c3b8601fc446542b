CREATE TABLE "cfr_part_versions" (
	"title" integer NOT NULL,
	"part" integer NOT NULL,
	"date" text NOT NULL,
	"xml" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"fetched_at" bigint DEFAULT (floor(extract(epoch from statement_timestamp()) * 1000)::bigint) NOT NULL,
	CONSTRAINT "cfr_part_versions_title_part_date_pk" PRIMARY KEY("title","part","date")
);
--> statement-breakpoint
CREATE TABLE "cfr_redlines" (
	"article_id" integer NOT NULL,
	"title" integer NOT NULL,
	"part" integer NOT NULL,
	"status" text NOT NULL,
	"effective_on" text NOT NULL,
	"before_date" text,
	"after_date" text,
	"redline" "bytea",
	"restrictions_removed" integer,
	"restrictions_added" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint,
	"checked_at" bigint,
	"error" text,
	CONSTRAINT "cfr_redlines_article_id_title_part_pk" PRIMARY KEY("article_id","title","part")
);
--> statement-breakpoint
CREATE TABLE "rule_texts" (
	"article_id" integer NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint,
	"read_at" bigint,
	"error" text,
	"statements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amends" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"designation" text,
	"designation_sentence" text,
	CONSTRAINT "rule_texts_article_id_pk" PRIMARY KEY("article_id")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "full_text_xml_url" text;--> statement-breakpoint
ALTER TABLE "cfr_redlines" ADD CONSTRAINT "cfr_redlines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_texts" ADD CONSTRAINT "rule_texts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cfr_redlines_status_idx" ON "cfr_redlines" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "rule_texts_status_idx" ON "rule_texts" USING btree ("status","next_attempt_at");