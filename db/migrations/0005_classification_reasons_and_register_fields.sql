ALTER TABLE `articles` ADD `register_action` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `register_dates` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `regulation_id_numbers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `topics` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `cfr_references` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `page_length` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `category_reason` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `priority_reason` text;