CREATE TABLE "dashboard_data_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "dashboard_data_version_single_row" CHECK ("dashboard_data_version"."id")
);
--> statement-breakpoint
-- Hand-written (docs/dashboards.md). The version the dashboards' cache keys on: a fresh value of a
-- sequence no table owns, set by a statement trigger on every write to what a dashboard reads.
CREATE SEQUENCE "dashboard_data_version_seq";
--> statement-breakpoint
INSERT INTO "dashboard_data_version" ("id", "version") VALUES (true, nextval('dashboard_data_version_seq'));
--> statement-breakpoint
CREATE FUNCTION "dashboard_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_data_version" ("id", "version") VALUES (true, nextval('dashboard_data_version_seq'))
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_reports_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity_reports" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "equipment_reports" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "quantity_reports" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "contracts_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contracts" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "occurrences_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "occurrences" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "areas_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "locals_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locals" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "blocks_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocks" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "packages_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "activities_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "functions_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "functions" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "equipment_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "equipment" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_data_changed"();
--> statement-breakpoint
-- Every activity dashboard reads these columns of the contract's rows in a report-time range:
-- an index-only scan instead of the heap (docs/dashboards.md). Not in the drizzle schema
-- (drizzle cannot declare INCLUDE); the snapshot does not know it, so no later generate drops it.
CREATE INDEX IF NOT EXISTS "activity_reports_dashboard_idx" ON "activity_reports" ("contract_id", "report_time")
  INCLUDE ("local_date", "local_minute", "local_weekday", "user_id", "package_id", "local_id", "activity_id", "function_id", "occurrence_id", "quantity");
