-- The catalogue (Management): unique indexes named after the duplicate rules they enforce
-- (`${endpoint}_${fields}_unique`, shared/domain/hierarchy.ts), planned numbers above 0,
-- and what the lists need: trigram search, sort within the contract, the parents' ids.
ALTER TABLE "activities" DROP CONSTRAINT "activities_hh_count_check";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_quantity_check";--> statement-breakpoint
DROP INDEX "activities_identity_unique";--> statement-breakpoint
DROP INDEX "equipment_identity_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "activities_contract_package_name_unique" ON "activities" USING btree ("contract_id","package_id",lower("name"));--> statement-breakpoint
CREATE INDEX "activities_area_idx" ON "activities" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "activities_local_idx" ON "activities" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "activities_block_idx" ON "activities" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "activities_package_idx" ON "activities" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "activities_search_idx" ON "activities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activities_sort_idx" ON "activities" USING btree ("contract_id",lower("name"));--> statement-breakpoint
CREATE INDEX "areas_discipline_idx" ON "areas" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "areas_search_idx" ON "areas" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blocks_local_idx" ON "blocks" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "blocks_search_idx" ON "blocks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "disciplines_search_idx" ON "disciplines" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_contract_company_specification_unique" ON "equipment" USING btree ("contract_id",lower("company"),lower("specification"));--> statement-breakpoint
CREATE INDEX "equipment_search_idx" ON "equipment" USING gin ("specification" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_sort_idx" ON "equipment" USING btree ("contract_id",lower("specification"));--> statement-breakpoint
CREATE INDEX "equipment_company_search_idx" ON "equipment" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "functions_search_idx" ON "functions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locals_area_idx" ON "locals" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "locals_search_idx" ON "locals" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_block_idx" ON "packages" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "packages_search_idx" ON "packages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_sort_idx" ON "packages" USING btree ("contract_id",lower("name"));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_hh_count_check" CHECK ("activities"."hh_count" > 0);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_quantity_check" CHECK ("activities"."quantity" > 0);