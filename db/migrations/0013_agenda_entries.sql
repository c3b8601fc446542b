CREATE TABLE `agenda_entries` (
	`rin` text PRIMARY KEY NOT NULL,
	`publication_id` text NOT NULL,
	`designation` text,
	`stage` text,
	`priority` text,
	`major` integer,
	`timetable` text DEFAULT '[]' NOT NULL,
	`title` text NOT NULL,
	`agency` text,
	`parent_agency` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agenda_entries_updated_at_idx` ON `agenda_entries` (`updated_at`);