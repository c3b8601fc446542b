ALTER TABLE `articles` ADD `designation` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `designation_basis` text;--> statement-breakpoint
CREATE INDEX `articles_designation_date_idx` ON `articles` (`designation`,`publish_date`,`id`);--> statement-breakpoint
-- Each article's official E.O. 14192 designation, as app/designations/designation.ts decides it, filled for the articles
-- stored before: the document's own statement, else the agenda designation of a rulemaking it cites (deregulatory
-- before regulatory before not subject). From here on written by app/designations/store.server.ts.
UPDATE `articles` SET
	`designation` = (SELECT rt.designation FROM `rule_texts` rt WHERE rt.article_id = `articles`.id),
	`designation_basis` = 'statement'
	WHERE id IN (SELECT article_id FROM `rule_texts` WHERE designation IN ('deregulatory', 'regulatory', 'not-subject') AND designation_sentence IS NOT NULL);--> statement-breakpoint
UPDATE `articles` SET
	`designation` = (SELECT CASE
			WHEN max(lower(trim(e.designation)) = 'deregulatory') THEN 'deregulatory'
			WHEN max(lower(trim(e.designation)) = 'regulatory') THEN 'regulatory'
			ELSE 'not-subject' END
		FROM json_each(`articles`.regulation_id_numbers) j JOIN `agenda_entries` e ON e.rin = upper(trim(j.value))
		WHERE lower(trim(e.designation)) IN ('deregulatory', 'regulatory', 'not significant', 'fully or partially exempt')),
	`designation_basis` = 'agenda'
	WHERE `designation` IS NULL AND regulation_id_numbers <> '[]' AND EXISTS (
		SELECT 1 FROM json_each(`articles`.regulation_id_numbers) j JOIN `agenda_entries` e ON e.rin = upper(trim(j.value))
		WHERE lower(trim(e.designation)) IN ('deregulatory', 'regulatory', 'not significant', 'fully or partially exempt'));
