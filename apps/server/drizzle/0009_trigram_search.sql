-- Trigram indexes make substring search over game names fast (games.search_name); PGlite loads the same
-- extension (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
