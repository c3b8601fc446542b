-- Each Federal Register document's comment count, as the API's regulations_dot_gov_info gives it at every read
-- (app/articles/store/comment-counts.server.ts), and its history: a row when the count changed or a day passed, so
-- the table stays bounded while a week's growth can still be told (docs/decisions/048-comment-counts-kept-with-history.md).
CREATE TABLE `article_comment_counts` (
	`article_id` integer NOT NULL,
	`read_at` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`article_id`, `read_at`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `articles` ADD `comments_count` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `comments_docket_id` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `comments_read_at` integer;--> statement-breakpoint
-- The feed's "most commented" sort orders by this expression (documents without a count last), then the newest.
CREATE INDEX `articles_comments_count_idx` ON `articles` (coalesce("comments_count", -1),`publish_date`,`id`);
