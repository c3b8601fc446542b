ALTER TABLE "agenda_entries" ADD COLUMN "next_action_date" text;--> statement-breakpoint
CREATE INDEX "agenda_entries_next_action_idx" ON "agenda_entries" USING btree ("publication_id","next_action_date");--> statement-breakpoint
-- As SQLite's 0024_overdue_rulemakings: entries stored before lack the timetable's FR citations the due day is
-- computed from (app/agenda/next-action.ts), so the agenda sources' validators are forgotten and their next
-- scheduled read rewrites every entry with the column filled; until then none is shown as overdue.
UPDATE "sources" SET "etag" = NULL, "last_modified" = NULL
	WHERE "type" = 'unified-agenda' OR ("type" IS NULL AND "url" LIKE '%reginfo.gov%');
