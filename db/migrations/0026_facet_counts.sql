CREATE TABLE `agency_counts` (
	`agency` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `identifier_counts` (
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`kind`, `value`)
);
--> statement-breakpoint
CREATE INDEX `identifier_counts_rank_idx` ON `identifier_counts` (`kind`,`count` desc,`value`);--> statement-breakpoint
-- The counts the pickers and /api/articles/facets read for every article (app/feed/store/facets.server.ts), kept as
-- the lookup tables change, so no reader counts every article (docs/decisions/053). The store writes those tables
-- with INSERT OR IGNORE (an ignored row fires nothing) and deletes an article's rows before writing them again; an
-- article's deletion removes them by cascade, which fires the delete triggers too.
INSERT INTO `agency_counts` (`agency`, `count`) SELECT `agency`, count(*) FROM `article_agencies` GROUP BY `agency`;--> statement-breakpoint
INSERT INTO `identifier_counts` (`kind`, `value`, `count`) SELECT `kind`, `value`, count(*) FROM `article_identifiers` GROUP BY `kind`, `value`;--> statement-breakpoint
CREATE TRIGGER `agency_counts_after_insert` AFTER INSERT ON `article_agencies` BEGIN
	INSERT INTO `agency_counts` (`agency`, `count`) VALUES (NEW.`agency`, 1) ON CONFLICT (`agency`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `agency_counts_after_delete` AFTER DELETE ON `article_agencies` BEGIN
	UPDATE `agency_counts` SET `count` = `count` - 1 WHERE `agency` = OLD.`agency`;
	DELETE FROM `agency_counts` WHERE `agency` = OLD.`agency` AND `count` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `agency_counts_after_update` AFTER UPDATE OF `agency` ON `article_agencies` BEGIN
	UPDATE `agency_counts` SET `count` = `count` - 1 WHERE `agency` = OLD.`agency`;
	DELETE FROM `agency_counts` WHERE `agency` = OLD.`agency` AND `count` <= 0;
	INSERT INTO `agency_counts` (`agency`, `count`) VALUES (NEW.`agency`, 1) ON CONFLICT (`agency`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `identifier_counts_after_insert` AFTER INSERT ON `article_identifiers` BEGIN
	INSERT INTO `identifier_counts` (`kind`, `value`, `count`) VALUES (NEW.`kind`, NEW.`value`, 1) ON CONFLICT (`kind`, `value`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `identifier_counts_after_delete` AFTER DELETE ON `article_identifiers` BEGIN
	UPDATE `identifier_counts` SET `count` = `count` - 1 WHERE `kind` = OLD.`kind` AND `value` = OLD.`value`;
	DELETE FROM `identifier_counts` WHERE `kind` = OLD.`kind` AND `value` = OLD.`value` AND `count` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `identifier_counts_after_update` AFTER UPDATE OF `kind`, `value` ON `article_identifiers` BEGIN
	UPDATE `identifier_counts` SET `count` = `count` - 1 WHERE `kind` = OLD.`kind` AND `value` = OLD.`value`;
	DELETE FROM `identifier_counts` WHERE `kind` = OLD.`kind` AND `value` = OLD.`value` AND `count` <= 0;
	INSERT INTO `identifier_counts` (`kind`, `value`, `count`) VALUES (NEW.`kind`, NEW.`value`, 1) ON CONFLICT (`kind`, `value`) DO UPDATE SET `count` = `count` + 1;
END;
