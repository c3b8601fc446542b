CREATE TABLE `article_rulemakings` (
	`article_id` integer NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`article_id`, `key`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_rulemakings_key_idx` ON `article_rulemakings` (`key`,`article_id`);--> statement-breakpoint
-- A Federal Register document's rulemakings: each RIN it lists, upper-case, or, when it lists none, each docket id
-- (upper-case too, so a key is found whatever case an address gives it). Kept in step by triggers, like
-- article_agencies; a deleted article's rows go by the foreign key's cascade.
INSERT OR IGNORE INTO `article_rulemakings` (`article_id`, `key`)
	SELECT a.id, upper(trim(j.value)) FROM `articles` a, json_each(a.regulation_id_numbers) j
	WHERE a.document_number IS NOT NULL AND json_valid(a.regulation_id_numbers) AND j.type = 'text' AND trim(j.value) != '';
--> statement-breakpoint
INSERT OR IGNORE INTO `article_rulemakings` (`article_id`, `key`)
	SELECT a.id, upper(trim(j.value)) FROM `articles` a, json_each(a.docket_ids) j
	WHERE a.document_number IS NOT NULL AND json_valid(a.docket_ids) AND j.type = 'text' AND trim(j.value) != ''
		AND NOT EXISTS (SELECT 1 FROM article_rulemakings r WHERE r.article_id = a.id);
--> statement-breakpoint
CREATE TRIGGER `article_rulemakings_after_insert` AFTER INSERT ON `articles` WHEN new.document_number IS NOT NULL BEGIN
	INSERT OR IGNORE INTO article_rulemakings (article_id, key)
	SELECT new.id, upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_rulemakings (article_id, key)
	SELECT new.id, upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.docket_ids) THEN new.docket_ids ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != ''
		AND NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END) r
			WHERE r.type = 'text' AND trim(r.value) != '');
END;
--> statement-breakpoint
CREATE TRIGGER `article_rulemakings_after_update` AFTER UPDATE OF document_number, regulation_id_numbers, docket_ids ON `articles` BEGIN
	DELETE FROM article_rulemakings WHERE article_id = old.id;
	INSERT OR IGNORE INTO article_rulemakings (article_id, key)
	SELECT new.id, upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END)
	WHERE new.document_number IS NOT NULL AND type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_rulemakings (article_id, key)
	SELECT new.id, upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.docket_ids) THEN new.docket_ids ELSE '[]' END)
	WHERE new.document_number IS NOT NULL AND type = 'text' AND trim(value) != ''
		AND NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END) r
			WHERE r.type = 'text' AND trim(r.value) != '');
END;
