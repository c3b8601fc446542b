-- Each rulemaking row carries its article's date and category (docs/decisions/031): the grouped view and the cards'
-- counts then read this table and its indexes alone, never the wide article rows. The defaults only let the columns
-- be added to stored rows, which the next statement fills; the triggers below write both on every row.
DROP INDEX `article_rulemakings_key_idx`;--> statement-breakpoint
ALTER TABLE `article_rulemakings` ADD `publish_date` integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE `article_rulemakings` ADD `category` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `article_rulemakings` SET
	`publish_date` = (SELECT a.publish_date FROM articles a WHERE a.id = article_rulemakings.article_id),
	`category` = (SELECT a.category FROM articles a WHERE a.id = article_rulemakings.article_id);--> statement-breakpoint
CREATE INDEX `article_rulemakings_key_date_idx` ON `article_rulemakings` (`key`,`publish_date`,`article_id`);--> statement-breakpoint
CREATE INDEX `article_rulemakings_category_idx` ON `article_rulemakings` (`category`,`key`);--> statement-breakpoint
DROP TRIGGER `article_rulemakings_after_insert`;--> statement-breakpoint
CREATE TRIGGER `article_rulemakings_after_insert` AFTER INSERT ON `articles` WHEN new.document_number IS NOT NULL BEGIN
	INSERT OR IGNORE INTO article_rulemakings (article_id, key, publish_date, category)
	SELECT new.id, upper(trim(value)), new.publish_date, new.category
	FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_rulemakings (article_id, key, publish_date, category)
	SELECT new.id, upper(trim(value)), new.publish_date, new.category
	FROM json_each(CASE WHEN json_valid(new.docket_ids) THEN new.docket_ids ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != ''
		AND NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END) r
			WHERE r.type = 'text' AND trim(r.value) != '');
END;
--> statement-breakpoint
DROP TRIGGER `article_rulemakings_after_update`;--> statement-breakpoint
CREATE TRIGGER `article_rulemakings_after_update` AFTER UPDATE OF document_number, regulation_id_numbers, docket_ids ON `articles` BEGIN
	DELETE FROM article_rulemakings WHERE article_id = old.id;
	INSERT OR IGNORE INTO article_rulemakings (article_id, key, publish_date, category)
	SELECT new.id, upper(trim(value)), new.publish_date, new.category
	FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END)
	WHERE new.document_number IS NOT NULL AND type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_rulemakings (article_id, key, publish_date, category)
	SELECT new.id, upper(trim(value)), new.publish_date, new.category
	FROM json_each(CASE WHEN json_valid(new.docket_ids) THEN new.docket_ids ELSE '[]' END)
	WHERE new.document_number IS NOT NULL AND type = 'text' AND trim(value) != ''
		AND NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) THEN new.regulation_id_numbers ELSE '[]' END) r
			WHERE r.type = 'text' AND trim(r.value) != '');
END;
--> statement-breakpoint
-- A new date (public inspection's document published) or a new category (an edit, a recategorization) follows.
CREATE TRIGGER `article_rulemakings_after_move` AFTER UPDATE OF publish_date, category ON `articles`
	WHEN old.publish_date IS NOT new.publish_date OR old.category IS NOT new.category BEGIN
	UPDATE article_rulemakings SET publish_date = new.publish_date, category = new.category WHERE article_id = new.id;
END;
