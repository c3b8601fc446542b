CREATE TABLE `cfr_part_versions` (
	`title` integer NOT NULL,
	`part` integer NOT NULL,
	`date` text NOT NULL,
	`xml` blob NOT NULL,
	`bytes` integer NOT NULL,
	`fetched_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`title`, `part`, `date`)
);
--> statement-breakpoint
CREATE TABLE `cfr_redlines` (
	`article_id` integer NOT NULL,
	`title` integer NOT NULL,
	`part` integer NOT NULL,
	`status` text NOT NULL,
	`effective_on` text NOT NULL,
	`before_date` text,
	`after_date` text,
	`redline` blob,
	`restrictions_removed` integer,
	`restrictions_added` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`checked_at` integer,
	`error` text,
	PRIMARY KEY(`article_id`, `title`, `part`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cfr_redlines_status_idx` ON `cfr_redlines` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `rule_texts` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`read_at` integer,
	`error` text,
	`statements` text DEFAULT '[]' NOT NULL,
	`amends` text DEFAULT '[]' NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`designation` text,
	`designation_sentence` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rule_texts_status_idx` ON `rule_texts` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `articles` ADD `full_text_xml_url` text;