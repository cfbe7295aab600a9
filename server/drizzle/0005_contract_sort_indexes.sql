-- A base or work user's contract list sorts by canteiro_sort_key(name) collate "C", id within its
-- base or work: these indexes let a page walk that order and stop at its rows instead of
-- sorting every contract in scope (issue 9). The base one replaces contracts_base_idx (base_id first).
DROP INDEX "contracts_base_idx";--> statement-breakpoint
CREATE INDEX "contracts_base_sort_idx" ON "contracts" USING btree ("base_id",canteiro_sort_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "contracts_work_sort_idx" ON "contracts" USING btree ("work_id",canteiro_sort_key("name") collate "C","id");