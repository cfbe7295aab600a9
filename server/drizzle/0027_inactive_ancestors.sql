-- The few inactive bases, works and contracts by id (schema/organisation.ts inactiveIndex):
-- every users page and session lookup asks whether a user's ancestors include an inactive one
-- (scope.ts userAncestorsActive). Without them PostgreSQL read every contract on each users page.
CREATE INDEX "bases_inactive_idx" ON "bases" USING btree ("id") WHERE not "bases"."is_active";--> statement-breakpoint
CREATE INDEX "contracts_inactive_idx" ON "contracts" USING btree ("id") WHERE not "contracts"."is_active";--> statement-breakpoint
CREATE INDEX "works_inactive_idx" ON "works" USING btree ("id") WHERE not "works"."is_active";