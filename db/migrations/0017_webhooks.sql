CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_status` integer,
	`last_error` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_alert_article_idx` ON `webhook_deliveries` (`alert_id`,`article_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_key_idx` ON `webhook_deliveries` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `alerts` ADD `delivery` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `alerts` ADD `webhook_url` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `webhook_format` text;--> statement-breakpoint
ALTER TABLE `alerts` ADD `webhook_secret` text;