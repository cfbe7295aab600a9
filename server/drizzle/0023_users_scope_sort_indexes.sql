DROP INDEX "users_base_idx";--> statement-breakpoint
DROP INDEX "users_work_idx";--> statement-breakpoint
DROP INDEX "users_contract_idx";--> statement-breakpoint
CREATE INDEX "users_base_sort_idx" ON "users" USING btree ("base_id",canteiro_sort_key("first_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_work_sort_idx" ON "users" USING btree ("work_id",canteiro_sort_key("first_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_contract_sort_idx" ON "users" USING btree ("contract_id",canteiro_sort_key("first_name") collate "C","id");