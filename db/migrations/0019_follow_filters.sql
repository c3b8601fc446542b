CREATE TABLE `article_identifiers` (
	`article_id` integer NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`article_id`, `kind`, `value`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_identifiers_kind_value_idx` ON `article_identifiers` (`kind`,`value`,`article_id`);--> statement-breakpoint
-- The identifiers a saved view may follow: each RIN and each docket id a document lists (upper-case, so any letter
-- case finds one, as with the rulemaking keys), and each CFR reference ("40 CFR 63", as app/ingest/federal-register.ts
-- writes them) as its title and part, "40-63", and as its title alone, "40" (a reference to a whole title, "40 CFR",
-- gives only the latter). Kept in step by triggers, like article_agencies; a deleted article's rows go by the foreign
-- key's cascade. A list that is not a JSON array counts as empty.
INSERT OR IGNORE INTO `article_identifiers` (`article_id`, `kind`, `value`)
	SELECT a.id, 'rin', upper(trim(j.value)) FROM `articles` a,
		json_each(CASE WHEN json_valid(a.regulation_id_numbers) AND json_type(a.regulation_id_numbers) = 'array' THEN a.regulation_id_numbers ELSE '[]' END) j
	WHERE j.type = 'text' AND trim(j.value) != '';
--> statement-breakpoint
INSERT OR IGNORE INTO `article_identifiers` (`article_id`, `kind`, `value`)
	SELECT a.id, 'docket', upper(trim(j.value)) FROM `articles` a,
		json_each(CASE WHEN json_valid(a.docket_ids) AND json_type(a.docket_ids) = 'array' THEN a.docket_ids ELSE '[]' END) j
	WHERE j.type = 'text' AND trim(j.value) != '';
--> statement-breakpoint
INSERT OR IGNORE INTO `article_identifiers` (`article_id`, `kind`, `value`)
	SELECT id, 'cfr-title', upper(trim(substr(text, 1, at - 1))) FROM (
		SELECT a.id, trim(j.value) AS text, instr(upper(trim(j.value)) || ' ', ' CFR ') AS at FROM `articles` a,
			json_each(CASE WHEN json_valid(a.cfr_references) AND json_type(a.cfr_references) = 'array' THEN a.cfr_references ELSE '[]' END) j
		WHERE j.type = 'text')
	WHERE at > 1;
--> statement-breakpoint
INSERT OR IGNORE INTO `article_identifiers` (`article_id`, `kind`, `value`)
	SELECT id, 'cfr', upper(trim(substr(text, 1, at - 1))) || '-' || upper(trim(substr(text || ' ', at + 5))) FROM (
		SELECT a.id, trim(j.value) AS text, instr(upper(trim(j.value)) || ' ', ' CFR ') AS at FROM `articles` a,
			json_each(CASE WHEN json_valid(a.cfr_references) AND json_type(a.cfr_references) = 'array' THEN a.cfr_references ELSE '[]' END) j
		WHERE j.type = 'text')
	WHERE at > 1 AND trim(substr(text || ' ', at + 5)) != '';
--> statement-breakpoint
CREATE TRIGGER `article_identifiers_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'rin', upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) AND json_type(new.regulation_id_numbers) = 'array' THEN new.regulation_id_numbers ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'docket', upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.docket_ids) AND json_type(new.docket_ids) = 'array' THEN new.docket_ids ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'cfr-title', upper(trim(substr(text, 1, at - 1))) FROM (
		SELECT trim(value) AS text, instr(upper(trim(value)) || ' ', ' CFR ') AS at
		FROM json_each(CASE WHEN json_valid(new.cfr_references) AND json_type(new.cfr_references) = 'array' THEN new.cfr_references ELSE '[]' END) WHERE type = 'text')
	WHERE at > 1;
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'cfr', upper(trim(substr(text, 1, at - 1))) || '-' || upper(trim(substr(text || ' ', at + 5))) FROM (
		SELECT trim(value) AS text, instr(upper(trim(value)) || ' ', ' CFR ') AS at
		FROM json_each(CASE WHEN json_valid(new.cfr_references) AND json_type(new.cfr_references) = 'array' THEN new.cfr_references ELSE '[]' END) WHERE type = 'text')
	WHERE at > 1 AND trim(substr(text || ' ', at + 5)) != '';
END;
--> statement-breakpoint
CREATE TRIGGER `article_identifiers_after_update` AFTER UPDATE OF regulation_id_numbers, docket_ids, cfr_references ON `articles` BEGIN
	DELETE FROM article_identifiers WHERE article_id = old.id;
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'rin', upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.regulation_id_numbers) AND json_type(new.regulation_id_numbers) = 'array' THEN new.regulation_id_numbers ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'docket', upper(trim(value)) FROM json_each(CASE WHEN json_valid(new.docket_ids) AND json_type(new.docket_ids) = 'array' THEN new.docket_ids ELSE '[]' END)
	WHERE type = 'text' AND trim(value) != '';
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'cfr-title', upper(trim(substr(text, 1, at - 1))) FROM (
		SELECT trim(value) AS text, instr(upper(trim(value)) || ' ', ' CFR ') AS at
		FROM json_each(CASE WHEN json_valid(new.cfr_references) AND json_type(new.cfr_references) = 'array' THEN new.cfr_references ELSE '[]' END) WHERE type = 'text')
	WHERE at > 1;
	INSERT OR IGNORE INTO article_identifiers (article_id, kind, value)
	SELECT new.id, 'cfr', upper(trim(substr(text, 1, at - 1))) || '-' || upper(trim(substr(text || ' ', at + 5))) FROM (
		SELECT trim(value) AS text, instr(upper(trim(value)) || ' ', ' CFR ') AS at
		FROM json_each(CASE WHEN json_valid(new.cfr_references) AND json_type(new.cfr_references) = 'array' THEN new.cfr_references ELSE '[]' END) WHERE type = 'text')
	WHERE at > 1 AND trim(substr(text || ' ', at + 5)) != '';
END;
