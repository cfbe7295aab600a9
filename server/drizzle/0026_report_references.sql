ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_occurrence_id_occurrences_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_package_fk";
--> statement-breakpoint
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_local_fk";
--> statement-breakpoint
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_activity_fk";
--> statement-breakpoint
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_function_fk";
--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP CONSTRAINT "equipment_reports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP CONSTRAINT "equipment_reports_package_fk";
--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP CONSTRAINT "equipment_reports_area_fk";
--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP CONSTRAINT "equipment_reports_activity_fk";
--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP CONSTRAINT "equipment_reports_equipment_fk";
--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP CONSTRAINT "quantity_reports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP CONSTRAINT "quantity_reports_package_fk";
--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP CONSTRAINT "quantity_reports_area_fk";
--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP CONSTRAINT "quantity_reports_activity_fk";
--> statement-breakpoint
-- Hand-written (docs/ingestion.md, "A report's keys, checked once per statement"). The keys
-- above checked every row on its own: six lookups a row, ~13 ms of a 500-row batch of ~44 ms,
-- for the few parents a batch names (a walk is 25 crews). The same rules hold, checked once per
-- statement and kept on both sides:
-- - a statement that writes reports locks each parent it names FOR KEY SHARE, as a key does,
--   and fails with foreign_key_violation under the key's name when one is missing;
-- - deleting a parent, or changing its (id, contract_id), fails the same way while a report
--   names it, and so does a TRUNCATE that leaves a report naming it.
-- A delete that waits for a batch's lock sees its rows once it commits (READ COMMITTED takes a
-- new snapshot per statement); a batch that waits for a delete finds its parent gone. At
-- REPEATABLE READ a delete's snapshot could miss a batch committed meanwhile, so a report's
-- parent is deleted or rekeyed at READ COMMITTED only (PostgreSQL's default; the API never
-- deletes one: the catalogue is deactivated).
--
-- TG_ARGV, four values per key: its name, the report's column, the parent table, and 'contract'
-- when the key is (column, contract_id) → parent (id, contract_id), 'global' when (column) → (id).
CREATE FUNCTION "report_references_held"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "checks" text[] := '{}';
  "missing" text;
BEGIN
  FOR i IN 0 .. TG_NARGS / 4 - 1 LOOP
    "checks" := "checks" || CASE TG_ARGV[i * 4 + 3]
      WHEN 'contract' THEN format($sql$
        SELECT %1$L AS "key",
          (SELECT count(*) FROM (SELECT DISTINCT %2$I, "contract_id" FROM "new_rows") AS k)
          - (SELECT count(*) FROM (SELECT FROM %3$I AS p
              WHERE (p."id", p."contract_id") IN (SELECT %2$I, "contract_id" FROM "new_rows") FOR KEY SHARE OF p) AS h)
          AS "missing"$sql$, TG_ARGV[i * 4], TG_ARGV[i * 4 + 1], TG_ARGV[i * 4 + 2])
      ELSE format($sql$
        SELECT %1$L AS "key",
          (SELECT count(DISTINCT %2$I) FROM "new_rows")
          - (SELECT count(*) FROM (SELECT FROM %3$I AS p
              WHERE p."id" IN (SELECT %2$I FROM "new_rows") FOR KEY SHARE OF p) AS h)
          AS "missing"$sql$, TG_ARGV[i * 4], TG_ARGV[i * 4 + 1], TG_ARGV[i * 4 + 2])
    END;
  END LOOP;
  -- One statement: planned once, each parent read once for the distinct keys the rows name.
  EXECUTE format('SELECT "key" FROM (%s) AS c WHERE "missing" <> 0 LIMIT 1', array_to_string("checks", ' UNION ALL '))
    INTO "missing";
  IF "missing" IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, "missing"
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = "missing", TABLE = TG_TABLE_NAME,
        DETAIL = 'A row names a parent that does not exist, or one of another contract.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TG_ARGV, four values per key: its name, the report table, the report's column, and 'contract'
-- or 'global' as above.
CREATE FUNCTION "report_parent_held"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "found" boolean;
BEGIN
  IF TG_OP <> 'TRUNCATE' AND current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'a report''s parent (table "%") is deleted or rekeyed at READ COMMITTED only', TG_TABLE_NAME
      USING ERRCODE = 'object_not_in_prerequisite_state',
        HINT = 'At a stricter level the check could miss reports committed since the transaction began.';
  END IF;
  FOR i IN 0 .. TG_NARGS / 4 - 1 LOOP
    IF TG_OP = 'TRUNCATE' THEN
      EXECUTE format('SELECT EXISTS (SELECT FROM %I)', TG_ARGV[i * 4 + 1]) INTO "found";
    ELSIF TG_ARGV[i * 4 + 3] = 'contract' THEN
      EXECUTE format('SELECT EXISTS (SELECT FROM %I WHERE %I = $1 AND "contract_id" = $2)', TG_ARGV[i * 4 + 1], TG_ARGV[i * 4 + 2])
        INTO "found" USING OLD."id", (to_jsonb(OLD) ->> 'contract_id')::integer;
    ELSE
      EXECUTE format('SELECT EXISTS (SELECT FROM %I WHERE %I = $1)', TG_ARGV[i * 4 + 1], TG_ARGV[i * 4 + 2])
        INTO "found" USING OLD."id";
    END IF;
    IF "found" THEN
      RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"',
        TG_TABLE_NAME, TG_ARGV[i * 4], TG_ARGV[i * 4 + 1]
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[i * 4], TABLE = TG_ARGV[i * 4 + 1],
          DETAIL = format('Reports still name this row of "%s".', TG_TABLE_NAME);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The reports' side: every statement that writes reports, once.
CREATE TRIGGER "activity_reports_references_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_references_held"(
  'activity_reports_activity_fk', 'activity_id', 'activities', 'contract',
  'activity_reports_package_fk', 'package_id', 'packages', 'contract',
  'activity_reports_local_fk', 'local_id', 'locals', 'contract',
  'activity_reports_function_fk', 'function_id', 'functions', 'contract',
  'activity_reports_occurrence_fk', 'occurrence_id', 'occurrences', 'global',
  'activity_reports_user_fk', 'user_id', 'users', 'global');
--> statement-breakpoint
CREATE TRIGGER "activity_reports_references_update" AFTER UPDATE ON "activity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_references_held"(
  'activity_reports_activity_fk', 'activity_id', 'activities', 'contract',
  'activity_reports_package_fk', 'package_id', 'packages', 'contract',
  'activity_reports_local_fk', 'local_id', 'locals', 'contract',
  'activity_reports_function_fk', 'function_id', 'functions', 'contract',
  'activity_reports_occurrence_fk', 'occurrence_id', 'occurrences', 'global',
  'activity_reports_user_fk', 'user_id', 'users', 'global');
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_references_insert" AFTER INSERT ON "equipment_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_references_held"(
  'equipment_reports_activity_fk', 'activity_id', 'activities', 'contract',
  'equipment_reports_package_fk', 'package_id', 'packages', 'contract',
  'equipment_reports_area_fk', 'area_id', 'areas', 'contract',
  'equipment_reports_equipment_fk', 'equipment_id', 'equipment', 'contract',
  'equipment_reports_user_fk', 'user_id', 'users', 'global');
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_references_update" AFTER UPDATE ON "equipment_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_references_held"(
  'equipment_reports_activity_fk', 'activity_id', 'activities', 'contract',
  'equipment_reports_package_fk', 'package_id', 'packages', 'contract',
  'equipment_reports_area_fk', 'area_id', 'areas', 'contract',
  'equipment_reports_equipment_fk', 'equipment_id', 'equipment', 'contract',
  'equipment_reports_user_fk', 'user_id', 'users', 'global');
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_references_insert" AFTER INSERT ON "quantity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_references_held"(
  'quantity_reports_activity_fk', 'activity_id', 'activities', 'contract',
  'quantity_reports_package_fk', 'package_id', 'packages', 'contract',
  'quantity_reports_area_fk', 'area_id', 'areas', 'contract',
  'quantity_reports_user_fk', 'user_id', 'users', 'global');
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_references_update" AFTER UPDATE ON "quantity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_references_held"(
  'quantity_reports_activity_fk', 'activity_id', 'activities', 'contract',
  'quantity_reports_package_fk', 'package_id', 'packages', 'contract',
  'quantity_reports_area_fk', 'area_id', 'areas', 'contract',
  'quantity_reports_user_fk', 'user_id', 'users', 'global');
--> statement-breakpoint
-- The parents' side: a delete, a change of key, a truncate.
CREATE TRIGGER "activities_held_by_reports_delete" AFTER DELETE ON "activities" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_activity_fk', 'activity_reports', 'activity_id', 'contract',
  'equipment_reports_activity_fk', 'equipment_reports', 'activity_id', 'contract',
  'quantity_reports_activity_fk', 'quantity_reports', 'activity_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "activities_held_by_reports_update" AFTER UPDATE OF "id", "contract_id" ON "activities" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id" OR OLD."contract_id" <> NEW."contract_id") EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_activity_fk', 'activity_reports', 'activity_id', 'contract',
  'equipment_reports_activity_fk', 'equipment_reports', 'activity_id', 'contract',
  'quantity_reports_activity_fk', 'quantity_reports', 'activity_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "activities_held_by_reports_truncate" AFTER TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_activity_fk', 'activity_reports', 'activity_id', 'contract',
  'equipment_reports_activity_fk', 'equipment_reports', 'activity_id', 'contract',
  'quantity_reports_activity_fk', 'quantity_reports', 'activity_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "packages_held_by_reports_delete" AFTER DELETE ON "packages" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_package_fk', 'activity_reports', 'package_id', 'contract',
  'equipment_reports_package_fk', 'equipment_reports', 'package_id', 'contract',
  'quantity_reports_package_fk', 'quantity_reports', 'package_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "packages_held_by_reports_update" AFTER UPDATE OF "id", "contract_id" ON "packages" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id" OR OLD."contract_id" <> NEW."contract_id") EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_package_fk', 'activity_reports', 'package_id', 'contract',
  'equipment_reports_package_fk', 'equipment_reports', 'package_id', 'contract',
  'quantity_reports_package_fk', 'quantity_reports', 'package_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "packages_held_by_reports_truncate" AFTER TRUNCATE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_package_fk', 'activity_reports', 'package_id', 'contract',
  'equipment_reports_package_fk', 'equipment_reports', 'package_id', 'contract',
  'quantity_reports_package_fk', 'quantity_reports', 'package_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "locals_held_by_reports_delete" AFTER DELETE ON "locals" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_local_fk', 'activity_reports', 'local_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "locals_held_by_reports_update" AFTER UPDATE OF "id", "contract_id" ON "locals" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id" OR OLD."contract_id" <> NEW."contract_id") EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_local_fk', 'activity_reports', 'local_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "locals_held_by_reports_truncate" AFTER TRUNCATE ON "locals" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_local_fk', 'activity_reports', 'local_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "functions_held_by_reports_delete" AFTER DELETE ON "functions" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_function_fk', 'activity_reports', 'function_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "functions_held_by_reports_update" AFTER UPDATE OF "id", "contract_id" ON "functions" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id" OR OLD."contract_id" <> NEW."contract_id") EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_function_fk', 'activity_reports', 'function_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "functions_held_by_reports_truncate" AFTER TRUNCATE ON "functions" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_function_fk', 'activity_reports', 'function_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "occurrences_held_by_reports_delete" AFTER DELETE ON "occurrences" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_occurrence_fk', 'activity_reports', 'occurrence_id', 'global');
--> statement-breakpoint
CREATE TRIGGER "occurrences_held_by_reports_update" AFTER UPDATE OF "id" ON "occurrences" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id") EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_occurrence_fk', 'activity_reports', 'occurrence_id', 'global');
--> statement-breakpoint
CREATE TRIGGER "occurrences_held_by_reports_truncate" AFTER TRUNCATE ON "occurrences" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_occurrence_fk', 'activity_reports', 'occurrence_id', 'global');
--> statement-breakpoint
CREATE TRIGGER "users_held_by_reports_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_user_fk', 'activity_reports', 'user_id', 'global',
  'equipment_reports_user_fk', 'equipment_reports', 'user_id', 'global',
  'quantity_reports_user_fk', 'quantity_reports', 'user_id', 'global');
--> statement-breakpoint
CREATE TRIGGER "users_held_by_reports_update" AFTER UPDATE OF "id" ON "users" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id") EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_user_fk', 'activity_reports', 'user_id', 'global',
  'equipment_reports_user_fk', 'equipment_reports', 'user_id', 'global',
  'quantity_reports_user_fk', 'quantity_reports', 'user_id', 'global');
--> statement-breakpoint
CREATE TRIGGER "users_held_by_reports_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'activity_reports_user_fk', 'activity_reports', 'user_id', 'global',
  'equipment_reports_user_fk', 'equipment_reports', 'user_id', 'global',
  'quantity_reports_user_fk', 'quantity_reports', 'user_id', 'global');
--> statement-breakpoint
CREATE TRIGGER "areas_held_by_reports_delete" AFTER DELETE ON "areas" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'equipment_reports_area_fk', 'equipment_reports', 'area_id', 'contract',
  'quantity_reports_area_fk', 'quantity_reports', 'area_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "areas_held_by_reports_update" AFTER UPDATE OF "id", "contract_id" ON "areas" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id" OR OLD."contract_id" <> NEW."contract_id") EXECUTE FUNCTION "report_parent_held"(
  'equipment_reports_area_fk', 'equipment_reports', 'area_id', 'contract',
  'quantity_reports_area_fk', 'quantity_reports', 'area_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "areas_held_by_reports_truncate" AFTER TRUNCATE ON "areas" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'equipment_reports_area_fk', 'equipment_reports', 'area_id', 'contract',
  'quantity_reports_area_fk', 'quantity_reports', 'area_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "equipment_held_by_reports_delete" AFTER DELETE ON "equipment" FOR EACH ROW EXECUTE FUNCTION "report_parent_held"(
  'equipment_reports_equipment_fk', 'equipment_reports', 'equipment_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "equipment_held_by_reports_update" AFTER UPDATE OF "id", "contract_id" ON "equipment" FOR EACH ROW
  WHEN (OLD."id" <> NEW."id" OR OLD."contract_id" <> NEW."contract_id") EXECUTE FUNCTION "report_parent_held"(
  'equipment_reports_equipment_fk', 'equipment_reports', 'equipment_id', 'contract');
--> statement-breakpoint
CREATE TRIGGER "equipment_held_by_reports_truncate" AFTER TRUNCATE ON "equipment" FOR EACH STATEMENT EXECUTE FUNCTION "report_parent_held"(
  'equipment_reports_equipment_fk', 'equipment_reports', 'equipment_id', 'contract');
