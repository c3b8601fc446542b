ALTER TABLE `articles` ADD `restrictions_removed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `restrictions_added` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_restrictions_removed_idx` ON `articles` (`restrictions_removed`,`publish_date`,`id`);--> statement-breakpoint
CREATE INDEX `articles_removes_restrictions_idx` ON `articles` (`publish_date`,`id`) WHERE "articles"."restrictions_removed" > "articles"."restrictions_added";--> statement-breakpoint
CREATE INDEX `cfr_redlines_checked_at_idx` ON `cfr_redlines` (`checked_at`);--> statement-breakpoint
CREATE INDEX `rule_texts_read_at_idx` ON `rule_texts` (`read_at`);--> statement-breakpoint
-- Each article's restriction words removed and added by its compared CFR redlines, summed over its parts, so the
-- feed's "removes restrictions" filter and its sort by restrictions removed read an index of articles rather than
-- aggregating cfr_redlines (whose rows hold the compressed redline) for every page. Written with each redline by
-- its store (app/rule-text/store.server.ts, saveRedline), and filled here for the redlines compared before.
UPDATE `articles` SET
	`restrictions_removed` = (SELECT coalesce(sum(r.restrictions_removed), 0) FROM `cfr_redlines` r WHERE r.article_id = `articles`.id AND r.status = 'compared'),
	`restrictions_added` = (SELECT coalesce(sum(r.restrictions_added), 0) FROM `cfr_redlines` r WHERE r.article_id = `articles`.id AND r.status = 'compared')
	WHERE id IN (SELECT article_id FROM `cfr_redlines` WHERE status = 'compared');
