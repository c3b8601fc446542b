-- Full-text search over title, summary, tags and source name, kept in step with articles by triggers.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
	title, summary, tags, source_name,
	content='articles', content_rowid='id',
	tokenize="unicode61 remove_diacritics 2"
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, tags, source_name)
	VALUES (new.id, new.title, new.summary, new.tags, new.source_name);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, tags, source_name)
	VALUES ('delete', old.id, old.title, old.summary, old.tags, old.source_name);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, summary, tags, source_name ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, tags, source_name)
	VALUES ('delete', old.id, old.title, old.summary, old.tags, old.source_name);
	INSERT INTO articles_fts(rowid, title, summary, tags, source_name)
	VALUES (new.id, new.title, new.summary, new.tags, new.source_name);
END;
