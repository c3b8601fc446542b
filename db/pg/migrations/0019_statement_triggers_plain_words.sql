-- Ingest on PostgreSQL (docs/benchmarks.md, "PostgreSQL ingest and the broad-search count"): the work the server did
-- per row of a batch, done once per statement or skipped where the answer is the same.

-- related_words (0004_related_words) spent most of its time in translate(), which compares every character with the
-- list it maps. Plain ASCII text (its bytes as many as its characters, most of it) now takes the short way: lower()
-- under the C collation maps A-Z and nothing else, as that translate() did, and of ASCII characters the split's
-- class keeps exactly 0-9 and a-z. Other text goes the old way. The same words for every text, so the stored column
-- stays as it is.
CREATE OR REPLACE FUNCTION "related_words"("title" text, "summary" text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT CASE WHEN octet_length("text") = length("text")
		THEN regexp_split_to_array(lower("text" COLLATE "C"), '[^0-9a-z]+')
		ELSE regexp_split_to_array(
		CASE WHEN "text" ~ '[\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf\u00d0\u00d1\u00d2\u00d3\u00d4\u00d5\u00d6\u00d8\u00d9\u00da\u00db\u00dc\u00dd\u00de\u0100\u0102\u0104\u0106\u0108\u010a\u010c\u010e\u0110\u0112\u0114\u0116\u0118\u011a\u011c\u011e\u0120\u0122\u0124\u0126\u0128\u012a\u012c\u012e\u0132\u0134\u0136\u0139\u013b\u013d\u013f\u0141\u0143\u0145\u0147\u014a\u014c\u014e\u0150\u0152\u0154\u0156\u0158\u015a\u015c\u015e\u0160\u0162\u0164\u0166\u0168\u016a\u016c\u016e\u0170\u0172\u0174\u0176\u0178\u0179\u017b\u017d\u0181\u0182\u0184\u0186\u0187\u0189\u018a\u018b\u018e\u018f\u0190\u0191\u0193\u0194\u0196\u0197\u0198\u019c\u019d\u019f\u01a0\u01a2\u01a4\u01a6\u01a7\u01a9\u01ac\u01ae\u01af\u01b1\u01b2\u01b3\u01b5\u01b7\u01b8\u01bc\u01c4\u01c5\u01c7\u01c8\u01ca\u01cb\u01cd\u01cf\u01d1\u01d3\u01d5\u01d7\u01d9\u01db\u01de\u01e0\u01e2\u01e4\u01e6\u01e8\u01ea\u01ec\u01ee\u01f1\u01f2\u01f4\u01f6\u01f7\u01f8\u01fa\u01fc\u01fe\u0200\u0202\u0204\u0206\u0208\u020a\u020c\u020e\u0210\u0212\u0214\u0216\u0218\u021a\u021c\u021e\u0220\u0222\u0224\u0226\u0228\u022a\u022c\u022e\u0230\u0232\u023a\u023b\u023d\u023e\u0241\u0243\u0244\u0245\u0246\u0248\u024a\u024c\u024e\u2126\u212a\u212b\u2132\u0130]'
			THEN replace(translate("text", U&'ABCDEFGHIJKLMNOPQRSTUVWXYZ\00c0\00c1\00c2\00c3\00c4\00c5\00c6\00c7\00c8\00c9\00ca\00cb\00cc\00cd\00ce\00cf\00d0\00d1\00d2\00d3\00d4\00d5\00d6\00d8\00d9\00da\00db\00dc\00dd\00de\0100\0102\0104\0106\0108\010a\010c\010e\0110\0112\0114\0116\0118\011a\011c\011e\0120\0122\0124\0126\0128\012a\012c\012e\0132\0134\0136\0139\013b\013d\013f\0141\0143\0145\0147\014a\014c\014e\0150\0152\0154\0156\0158\015a\015c\015e\0160\0162\0164\0166\0168\016a\016c\016e\0170\0172\0174\0176\0178\0179\017b\017d\0181\0182\0184\0186\0187\0189\018a\018b\018e\018f\0190\0191\0193\0194\0196\0197\0198\019c\019d\019f\01a0\01a2\01a4\01a6\01a7\01a9\01ac\01ae\01af\01b1\01b2\01b3\01b5\01b7\01b8\01bc\01c4\01c5\01c7\01c8\01ca\01cb\01cd\01cf\01d1\01d3\01d5\01d7\01d9\01db\01de\01e0\01e2\01e4\01e6\01e8\01ea\01ec\01ee\01f1\01f2\01f4\01f6\01f7\01f8\01fa\01fc\01fe\0200\0202\0204\0206\0208\020a\020c\020e\0210\0212\0214\0216\0218\021a\021c\021e\0220\0222\0224\0226\0228\022a\022c\022e\0230\0232\023a\023b\023d\023e\0241\0243\0244\0245\0246\0248\024a\024c\024e\2126\212a\212b\2132', U&'abcdefghijklmnopqrstuvwxyz\00e0\00e1\00e2\00e3\00e4\00e5\00e6\00e7\00e8\00e9\00ea\00eb\00ec\00ed\00ee\00ef\00f0\00f1\00f2\00f3\00f4\00f5\00f6\00f8\00f9\00fa\00fb\00fc\00fd\00fe\0101\0103\0105\0107\0109\010b\010d\010f\0111\0113\0115\0117\0119\011b\011d\011f\0121\0123\0125\0127\0129\012b\012d\012f\0133\0135\0137\013a\013c\013e\0140\0142\0144\0146\0148\014b\014d\014f\0151\0153\0155\0157\0159\015b\015d\015f\0161\0163\0165\0167\0169\016b\016d\016f\0171\0173\0175\0177\00ff\017a\017c\017e\0253\0183\0185\0254\0188\0256\0257\018c\01dd\0259\025b\0192\0260\0263\0269\0268\0199\026f\0272\0275\01a1\01a3\01a5\0280\01a8\0283\01ad\0288\01b0\028a\028b\01b4\01b6\0292\01b9\01bd\01c6\01c6\01c9\01c9\01cc\01cc\01ce\01d0\01d2\01d4\01d6\01d8\01da\01dc\01df\01e1\01e3\01e5\01e7\01e9\01eb\01ed\01ef\01f3\01f3\01f5\0195\01bf\01f9\01fb\01fd\01ff\0201\0203\0205\0207\0209\020b\020d\020f\0211\0213\0215\0217\0219\021b\021d\021f\019e\0223\0225\0227\0229\022b\022d\022f\0231\0233\2c65\023c\019a\2c66\0242\0180\0289\028c\0247\0249\024b\024d\024f\03c9k\00e5\214e'), U&'\0130', U&'i\0307')
			ELSE translate("text", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
		END,
		'[^0-9a-z\u00aa\u00b2-\u00b3\u00b5\u00b9-\u00ba\u00bc-\u00be\u00df-\u00f6\u00f8-\u00ff\u0101\u0103\u0105\u0107\u0109\u010b\u010d\u010f\u0111\u0113\u0115\u0117\u0119\u011b\u011d\u011f\u0121\u0123\u0125\u0127\u0129\u012b\u012d\u012f\u0131\u0133\u0135\u0137-\u0138\u013a\u013c\u013e\u0140\u0142\u0144\u0146\u0148-\u0149\u014b\u014d\u014f\u0151\u0153\u0155\u0157\u0159\u015b\u015d\u015f\u0161\u0163\u0165\u0167\u0169\u016b\u016d\u016f\u0171\u0173\u0175\u0177\u017a\u017c\u017e-\u0180\u0183\u0185\u0188\u018c-\u018d\u0192\u0195\u0199-\u019b\u019e\u01a1\u01a3\u01a5\u01a8\u01aa-\u01ab\u01ad\u01b0\u01b4\u01b6\u01b9-\u01bb\u01bd-\u01c3\u01c6\u01c9\u01cc\u01ce\u01d0\u01d2\u01d4\u01d6\u01d8\u01da\u01dc-\u01dd\u01df\u01e1\u01e3\u01e5\u01e7\u01e9\u01eb\u01ed\u01ef-\u01f0\u01f3\u01f5\u01f9\u01fb\u01fd\u01ff\u0201\u0203\u0205\u0207\u0209\u020b\u020d\u020f\u0211\u0213\u0215\u0217\u0219\u021b\u021d\u021f\u0221\u0223\u0225\u0227\u0229\u022b\u022d\u022f\u0231\u0233-\u0239\u023c\u023f-\u0240\u0242\u0247\u0249\u024b\u024d\u024f\u0253-\u0254\u0256-\u0257\u0259\u025b\u0260\u0263\u0268-\u0269\u026f\u0272\u0275\u0280\u0283\u0288-\u028c\u0292\u0307\u03c9\u2102\u2107\u210a-\u2113\u2115\u2119-\u211d\u2124\u2128\u212c-\u212d\u212f-\u2131\u2133-\u2139\u213c-\u213f\u2145-\u2149\u214e\u2776-\u2793\u2c65-\u2c66]+'
	) END
	FROM (SELECT "title" || ' ' || "summary" AS "text") AS "joined"
$$;
--> statement-breakpoint
-- The triggers of new articles (0001_search_and_triggers), once per statement over its new rows rather than once per
-- row: a batch of 1,000 articles updated the revision's single row 1,000 times in one transaction, each update
-- walking the versions the ones before it left. The revision still moves when articles are added (once per
-- statement that adds any); the update and delete triggers stay per row.
DROP TRIGGER "article_revision_after_insert" ON "articles";
--> statement-breakpoint
DROP TRIGGER "related_after_insert" ON "articles";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "article_revision_bump_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "new_rows") THEN
		UPDATE "article_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "article_revision_after_insert" AFTER INSERT ON "articles"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "article_revision_bump_inserted"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "related_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "related_pending" ("article_id") SELECT "id" FROM "new_rows" ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "related_after_insert" AFTER INSERT ON "articles"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "related_after_insert"();
--> statement-breakpoint
-- The counts of 0016_facet_counts, likewise: a batch's agencies all named by one agency updated its count row once per
-- article. Now each statement adds what its new rows add and takes off what its old rows took, a name at a time.
-- Transition tables allow no column list, so the update trigger fires on any update (an update that keeps the name
-- takes one off and adds it back).
DROP TRIGGER "agency_counts_keep" ON "article_agencies";
--> statement-breakpoint
DROP TRIGGER "identifier_counts_keep" ON "article_identifiers";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agency_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "agency_counts" SET "count" = "agency_counts"."count" - "gone"."n"
			FROM (SELECT "agency", count(*) AS "n" FROM "old_rows" GROUP BY "agency") AS "gone" WHERE "agency_counts"."agency" = "gone"."agency";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "agency_counts" ("agency", "count") SELECT "agency", count(*) FROM "new_rows" GROUP BY "agency"
			ON CONFLICT ("agency") DO UPDATE SET "count" = "agency_counts"."count" + excluded."count";
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		DELETE FROM "agency_counts" WHERE "count" <= 0 AND "agency" IN (SELECT "agency" FROM "old_rows");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "agency_counts_after_insert" AFTER INSERT ON "article_agencies"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agency_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "agency_counts_after_update" AFTER UPDATE ON "article_agencies"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agency_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "agency_counts_after_delete" AFTER DELETE ON "article_agencies"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agency_counts_keep"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "identifier_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "identifier_counts" SET "count" = "identifier_counts"."count" - "gone"."n"
			FROM (SELECT "kind", "value", count(*) AS "n" FROM "old_rows" GROUP BY "kind", "value") AS "gone"
			WHERE "identifier_counts"."kind" = "gone"."kind" AND "identifier_counts"."value" = "gone"."value";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "identifier_counts" ("kind", "value", "count") SELECT "kind", "value", count(*) FROM "new_rows" GROUP BY "kind", "value"
			ON CONFLICT ("kind", "value") DO UPDATE SET "count" = "identifier_counts"."count" + excluded."count";
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		DELETE FROM "identifier_counts" WHERE "count" <= 0 AND ("kind", "value") IN (SELECT "kind", "value" FROM "old_rows");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "identifier_counts_after_insert" AFTER INSERT ON "article_identifiers"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "identifier_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "identifier_counts_after_update" AFTER UPDATE ON "article_identifiers"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "identifier_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "identifier_counts_after_delete" AFTER DELETE ON "article_identifiers"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "identifier_counts_keep"();
