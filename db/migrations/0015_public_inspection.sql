ALTER TABLE `articles` ADD `public_inspection_publishes_on` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `special_filing` integer DEFAULT false NOT NULL;