-- A package or activity name that repeats within its contract is shown with its path (src/db/catalogue-labels.ts): each row probes (contract_id, lower(name)).
CREATE INDEX "activities_contract_name_idx" ON "activities" USING btree ("contract_id",lower("name"));--> statement-breakpoint
CREATE INDEX "packages_contract_name_idx" ON "packages" USING btree ("contract_id",lower("name"));