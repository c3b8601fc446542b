CREATE TABLE `article_agencies` (
	`article_id` integer NOT NULL,
	`agency` text NOT NULL,
	PRIMARY KEY(`article_id`, `agency`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_agencies_agency_idx` ON `article_agencies` (`agency`,`article_id`);--> statement-breakpoint
CREATE INDEX `articles_document_type_date_idx` ON `articles` (`document_type`,`publish_date`,`id`);--> statement-breakpoint
-- Kept in step with articles.agencies (a JSON array of names) by triggers, like the full-text index.
INSERT OR IGNORE INTO `article_agencies` (`article_id`, `agency`)
	SELECT a.id, j.value FROM `articles` a, json_each(a.agencies) j WHERE json_valid(a.agencies) AND j.type = 'text' AND trim(j.value) != '';
--> statement-breakpoint
CREATE TRIGGER `article_agencies_after_insert` AFTER INSERT ON `articles` WHEN json_valid(new.agencies) BEGIN
	INSERT OR IGNORE INTO article_agencies (article_id, agency)
	SELECT new.id, value FROM json_each(new.agencies) WHERE type = 'text' AND trim(value) != '';
END;
--> statement-breakpoint
CREATE TRIGGER `article_agencies_after_update` AFTER UPDATE OF agencies ON `articles` BEGIN
	DELETE FROM article_agencies WHERE article_id = old.id;
	INSERT OR IGNORE INTO article_agencies (article_id, agency)
	SELECT new.id, value FROM json_each(CASE WHEN json_valid(new.agencies) THEN new.agencies ELSE '[]' END) WHERE type = 'text' AND trim(value) != '';
END;
