ALTER TABLE `api_tokens` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmation_token_hash` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmation_sent_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;--> statement-breakpoint
-- Addresses that subscribed before double opt-in existed stay subscribed: they count as confirmed when they joined.
UPDATE `subscribers` SET `confirmed_at` = `created_at`;
