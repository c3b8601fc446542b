ALTER TABLE `jobs` ADD `schedule_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_schedule_key_unique` ON `jobs` (`schedule_key`);