-- Trigram indexes make the admin lists' "contains" search fast (ILIKE '%term%').
-- pg_trgm is a trusted extension (PostgreSQL ≥ 13): the database owner may create it.
-- PGlite loads it in src/db/connection.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
