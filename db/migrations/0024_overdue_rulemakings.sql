ALTER TABLE `agenda_entries` ADD `next_action_date` text;--> statement-breakpoint
CREATE INDEX `agenda_entries_next_action_idx` ON `agenda_entries` (`publication_id`,`next_action_date`);--> statement-breakpoint
-- The next action's due day is computed from the timetable's FR citations (app/agenda/next-action.ts), which entries
-- stored before this migration lack: it cannot be filled here. Forgetting the agenda sources' validators makes their
-- next scheduled read fetch the whole edition again, rewriting every entry (its timetable now differs) with the
-- column filled; until then those entries are never shown as overdue.
UPDATE `sources` SET `etag` = NULL, `last_modified` = NULL
	WHERE `type` = 'unified-agenda' OR (`type` IS NULL AND `url` LIKE '%reginfo.gov%');
