CREATE TABLE `alert_deliveries` (
	`alert_id` integer NOT NULL,
	`period` text NOT NULL,
	`status` text NOT NULL,
	`article_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`alert_id`, `period`),
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_deliveries_status_idx` ON `alert_deliveries` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`view` text NOT NULL,
	`frequency` text NOT NULL,
	`hour` integer NOT NULL,
	`confirmation_token_hash` text,
	`confirmation_sent_at` integer,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`cursor_article_id` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_email_view_idx` ON `alerts` (`email`,`view`);--> statement-breakpoint
CREATE INDEX `alerts_confirmation_idx` ON `alerts` (`confirmation_token_hash`);