-- Search words as SQLite's FTS5 (unicode61, remove_diacritics 2) reads them, so a search finds the same articles on
-- both engines. PostgreSQL's own parser keeps "u.s", "epa.gov", "1.5", "covid-19" and "/path/to" as whole tokens
-- beside their parts, or instead of them: a search for "gov" or "5" missed what FTS5 finds. Here every character
-- that is neither a letter nor a digit (what the search box drops too: app/articles/search.ts) becomes a space
-- first, and Latin letters lose their accents, so the parser sees plain words only. The tags count as their JSON
-- text, as FTS5 indexes it.

-- Latin letters without their accents ("café" is "cafe"), on the documents and on the words searched for alike.
CREATE FUNCTION "article_search_fold"(value text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	RETURN translate(value,
		'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳØøĐđŁłĦħŦŧɃƀƗɨ',
		'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyOoDdLlHhTtBbIi');
--> statement-breakpoint
-- The words of a text, folded and separated by single spaces.
CREATE FUNCTION "article_search_words"(value text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	RETURN regexp_replace(article_search_fold(value),
		'[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\xa9\xab-\xb1\xb4\xb6-\xb8\xbb\xbf\xd7\xf7\u2000-\u206f\u20a0-\u20cf\u2190-\u245f\u2500-\u2775\u2794-\u2bff\u3000-\u3003\u3008-\u3020\u3030\ufe10-\ufe19\ufe30-\ufe6f\ufeff\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\ufff0-\ufffd\U0001f000-\U0001faff]+', ' ', 'g');
--> statement-breakpoint
DROP INDEX "articles_search_idx";
--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	to_tsvector('simple'::regconfig, article_search_words("title" || ' ' || "summary" || ' ' || "tags"::text || ' ' || "source_name"))
) STORED;
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");
