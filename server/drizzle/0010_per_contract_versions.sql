CREATE TABLE "dashboard_data_versions" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (docs/dashboards.md). The report tables bump the version of the contracts their
-- rows belong to, not the global one: reports arriving for one contract leave the answers kept
-- for every other contract in place. Same sequence as the global version, so every value is new.
-- A truncate has no transition table: it bumps the global version (every answer goes).
CREATE FUNCTION "dashboard_contract_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has (a statement is parsed when run).
  -- Contract order: two statements touching the same contracts lock their rows in one order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_data_versions" ("contract_id", "version")
      SELECT "contract_id", nextval('dashboard_data_version_seq')
      FROM (SELECT DISTINCT "contract_id" FROM "new_rows" ORDER BY 1) AS changed
    ON CONFLICT ("contract_id") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dashboard_data_versions" ("contract_id", "version")
      SELECT "contract_id", nextval('dashboard_data_version_seq')
      FROM (SELECT DISTINCT "contract_id" FROM "old_rows" ORDER BY 1) AS changed
    ON CONFLICT ("contract_id") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "dashboard_data_versions" ("contract_id", "version")
      SELECT "contract_id", nextval('dashboard_data_version_seq')
      FROM (SELECT "contract_id" FROM "new_rows" UNION SELECT "contract_id" FROM "old_rows" ORDER BY 1) AS changed
    ON CONFLICT ("contract_id") DO UPDATE SET "version" = excluded."version";
  ELSE
    INSERT INTO "dashboard_data_version" ("id", "version") VALUES (true, nextval('dashboard_data_version_seq'))
      ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "activity_reports_dashboard_version" ON "activity_reports";
--> statement-breakpoint
CREATE TRIGGER "activity_reports_dashboard_version_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_dashboard_version_update" AFTER UPDATE ON "activity_reports"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_dashboard_version_delete" AFTER DELETE ON "activity_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_dashboard_version_truncate" AFTER TRUNCATE ON "activity_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
DROP TRIGGER "equipment_reports_dashboard_version" ON "equipment_reports";
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_dashboard_version_insert" AFTER INSERT ON "equipment_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_dashboard_version_update" AFTER UPDATE ON "equipment_reports"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_dashboard_version_delete" AFTER DELETE ON "equipment_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_dashboard_version_truncate" AFTER TRUNCATE ON "equipment_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
DROP TRIGGER "quantity_reports_dashboard_version" ON "quantity_reports";
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_dashboard_version_insert" AFTER INSERT ON "quantity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_dashboard_version_update" AFTER UPDATE ON "quantity_reports"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_dashboard_version_delete" AFTER DELETE ON "quantity_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_dashboard_version_truncate" AFTER TRUNCATE ON "quantity_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_contract_data_changed"();
