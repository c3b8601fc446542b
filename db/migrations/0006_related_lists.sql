-- Stored related-article lists (app/articles/related-store.server.ts). A list row says the article's entries are
-- exact; these triggers drop every list a change could make wrong, and note new and changed articles in
-- related_pending, which the job runner offers to the stored lists of others (a page merges them while pending).
CREATE TABLE `related_list_entries` (
	`article_id` integer NOT NULL,
	`rank` integer NOT NULL,
	`related_id` integer NOT NULL,
	`score` integer NOT NULL,
	PRIMARY KEY(`article_id`, `rank`),
	FOREIGN KEY (`article_id`) REFERENCES `related_lists`(`article_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `related_list_entries_related_idx` ON `related_list_entries` (`related_id`,`article_id`);--> statement-breakpoint
CREATE TABLE `related_lists` (
	`article_id` integer PRIMARY KEY NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `related_pending` (
	`article_id` integer PRIMARY KEY NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TRIGGER `related_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT OR IGNORE INTO `related_pending` (`article_id`) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `related_after_update` AFTER UPDATE OF title, summary, category, priority, tags, source_name, publish_date ON `articles` BEGIN
	DELETE FROM `related_lists` WHERE `article_id` = old.id
		OR `article_id` IN (SELECT `article_id` FROM `related_list_entries` WHERE `related_id` = old.id);
	INSERT OR IGNORE INTO `related_pending` (`article_id`) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `related_after_delete` AFTER DELETE ON `articles` BEGIN
	DELETE FROM `related_lists` WHERE `article_id` IN (SELECT `article_id` FROM `related_list_entries` WHERE `related_id` = old.id);
END;
