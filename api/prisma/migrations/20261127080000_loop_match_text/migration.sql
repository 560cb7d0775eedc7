-- A loop's title, description and tags lower-cased in one stored column, for GET /api/loops?search=
-- when it walks a sort's index (a common word: catalog-query.ts). ILIKE on a UTF-8 database
-- lower-cases the text and the pattern on every test (three columns, three lower() calls per row
-- walked); LIKE of lower(pattern) on this column is the same test done once per row. The unit
-- separator (U+001F) between the parts keeps a match from spanning two columns: the API does not
-- walk for a search text that contains it. docs/decisions.md, "Issue 19 — search walk".
ALTER TABLE "app"."loops"
    ADD COLUMN "match_text" TEXT GENERATED ALWAYS AS (
        lower("title") || E'\x1f' || lower(COALESCE("description", '')) || E'\x1f' || lower(COALESCE("tags", ''))
    ) STORED;
