-- Lists sort text case- and accent-insensitively: by canteiro_sort_key(text) collate "C"
-- (server/src/db/schema/columns.ts, sortKey): lower-cased, the accented letters of Portuguese
-- and Latin-1 folded to their base letter (both cases), null as ''. Written by hand (drizzle-kit
-- does not know functions), before the indexes that use it. IMMUTABLE, so indexes may use it;
-- a SQL-standard body, bound when created (no search_path when run) and inlined by the planner.
-- The sort indexes are rebuilt on the lists' very ORDER BY: (contract_id, sort key, id).
-- Duplicate rules are unchanged (lower(name), accents kept).
CREATE FUNCTION "canteiro_sort_key"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(translate(coalesce("value", ''),
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖØóòôõöøÚÙÛÜúùûüÇçÑñÝýÿ',
    'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuccnnyyy'));--> statement-breakpoint
DROP INDEX "activities_sort_idx";--> statement-breakpoint
DROP INDEX "equipment_sort_idx";--> statement-breakpoint
DROP INDEX "packages_sort_idx";--> statement-breakpoint
DROP INDEX "users_name_sort_idx";--> statement-breakpoint
CREATE INDEX "areas_sort_idx" ON "areas" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "blocks_sort_idx" ON "blocks" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "disciplines_sort_idx" ON "disciplines" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "functions_sort_idx" ON "functions" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "locals_sort_idx" ON "locals" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "activities_sort_idx" ON "activities" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "equipment_sort_idx" ON "equipment" USING btree ("contract_id",canteiro_sort_key("specification") collate "C","id");--> statement-breakpoint
CREATE INDEX "packages_sort_idx" ON "packages" USING btree ("contract_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (canteiro_sort_key("first_name") collate "C","id");