CREATE TABLE `confirmation_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `confirmation_emails_recipient_idx` ON `confirmation_emails` (`recipient`,`sent_at`);