ALTER TABLE "contracts" ADD COLUMN "value_adding_target" smallint;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "compliance_target" smallint;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_value_adding_target_check" CHECK ("contracts"."value_adding_target" between 1 and 100);--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_compliance_target_check" CHECK ("contracts"."compliance_target" between 1 and 100);