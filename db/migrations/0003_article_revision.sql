-- A counter that moves whenever an article is added, removed, or changed in anything related articles look at
-- (title, summary, category, priority, tags, source, date). Caches of related-article results compare it to
-- know they are still exact; views, bookmarks and AI summaries do not move it.
CREATE TABLE `article_revision` (
	`id` integer PRIMARY KEY CHECK (`id` = 1),
	`revision` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `article_revision` (`id`, `revision`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `article_revision_after_insert` AFTER INSERT ON `articles` BEGIN
	UPDATE `article_revision` SET `revision` = `revision` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `article_revision_after_delete` AFTER DELETE ON `articles` BEGIN
	UPDATE `article_revision` SET `revision` = `revision` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `article_revision_after_update` AFTER UPDATE OF title, summary, category, priority, tags, source_name, publish_date ON `articles` BEGIN
	UPDATE `article_revision` SET `revision` = `revision` + 1 WHERE `id` = 1;
END;
