-- A user list's default page keeps the users in effect active (own flag, and the ancestors of
-- its profile: scope.ts userAncestorsActive) and, below admin, the caller's level and profiles.
-- Every column those conditions read is INCLUDEd in the list's sort indexes, with first_name
-- (PostgreSQL plans an index-only scan over canteiro_sort_key(first_name) only when first_name
-- itself is in the index): a deep page walks the index alone, not one heap row per row skipped
-- (docs/benchmarks.md, "Users by the index alone"). Not in the drizzle schema (drizzle cannot
-- declare INCLUDE); the names are the schema's, so no later generate drops them.
DROP INDEX "users_base_sort_idx";--> statement-breakpoint
CREATE INDEX "users_base_sort_idx" ON "users" USING btree ("base_id",canteiro_sort_key("first_name") collate "C","id")
  INCLUDE ("first_name", "is_active", "profile", "work_id", "contract_id");--> statement-breakpoint
DROP INDEX "users_work_sort_idx";--> statement-breakpoint
CREATE INDEX "users_work_sort_idx" ON "users" USING btree ("work_id",canteiro_sort_key("first_name") collate "C","id")
  INCLUDE ("first_name", "is_active", "profile", "base_id", "contract_id");--> statement-breakpoint
DROP INDEX "users_contract_sort_idx";--> statement-breakpoint
CREATE INDEX "users_contract_sort_idx" ON "users" USING btree ("contract_id",canteiro_sort_key("first_name") collate "C","id")
  INCLUDE ("first_name", "is_active", "profile", "base_id", "work_id");--> statement-breakpoint
DROP INDEX "users_name_sort_idx";--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (canteiro_sort_key("first_name") collate "C","id")
  INCLUDE ("first_name", "is_active", "profile", "base_id", "work_id", "contract_id");
