-- Each Federal Register document's comment count and its bounded history, as SQLite's 0023_comment_counts.
CREATE TABLE "article_comment_counts" (
	"article_id" integer NOT NULL,
	"read_at" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "article_comment_counts_article_id_read_at_pk" PRIMARY KEY("article_id","read_at")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "comments_count" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "comments_docket_id" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "comments_read_at" bigint;--> statement-breakpoint
ALTER TABLE "article_comment_counts" ADD CONSTRAINT "article_comment_counts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The feed's "most commented" sort orders by this expression (documents without a count last), then the newest.
CREATE INDEX "articles_comments_count_idx" ON "articles" USING btree (coalesce("comments_count", -1),"publish_date","id");
