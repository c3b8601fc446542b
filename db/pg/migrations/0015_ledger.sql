ALTER TABLE "articles" ADD COLUMN "designation" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "designation_basis" text;--> statement-breakpoint
CREATE INDEX "articles_designation_date_idx" ON "articles" USING btree ("designation","publish_date","id");--> statement-breakpoint
-- Each article's official E.O. 14192 designation, as SQLite's 0025_ledger fills it (app/designations/designation.ts
-- decides): the document's own statement, else the agenda designation of a rulemaking it cites.
UPDATE "articles" a SET "designation" = rt."designation", "designation_basis" = 'statement'
	FROM "rule_texts" rt
	WHERE rt."article_id" = a."id" AND rt."designation" IN ('deregulatory', 'regulatory', 'not-subject') AND rt."designation_sentence" IS NOT NULL;--> statement-breakpoint
UPDATE "articles" a SET "designation" = s.designation, "designation_basis" = 'agenda'
	FROM (SELECT a2."id",
			CASE WHEN bool_or(lower(trim(e."designation")) = 'deregulatory') THEN 'deregulatory'
				WHEN bool_or(lower(trim(e."designation")) = 'regulatory') THEN 'regulatory'
				ELSE 'not-subject' END AS designation
		FROM "articles" a2
		CROSS JOIN LATERAL jsonb_array_elements_text(a2."regulation_id_numbers") AS j(value)
		JOIN "agenda_entries" e ON e."rin" = upper(trim(j.value))
		WHERE a2."designation" IS NULL AND lower(trim(e."designation")) IN ('deregulatory', 'regulatory', 'not significant', 'fully or partially exempt')
		GROUP BY a2."id") AS s
	WHERE a."id" = s."id";
