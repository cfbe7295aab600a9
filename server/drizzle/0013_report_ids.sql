CREATE TABLE "report_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "report_ids_kind_check" CHECK ("report_ids"."kind" in ('activity', 'equipment', 'quantity'))
);
--> statement-breakpoint
-- Hand-written (docs/ingestion.md, "Exactly once"). Each report table's primary key keeps an id
-- once in that table only: two batches bringing one id as two kinds at the same instant both
-- passed the API's look at the other tables and stored it twice. report_ids keeps it once across
-- the three. The API claims its rows' ids there itself before inserting them (mobile/ingest.ts:
-- all kinds in one statement, in id order, so racing batches never deadlock) and says so for its
-- transaction; these triggers claim the ids of rows written any other way (the demo and scale
-- COPY loads, SQL by hand) and free those of deleted rows, so no writer can leave it behind.
CREATE FUNCTION "report_ids_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the table's kind. Each branch names only what its event has (a statement is
  -- parsed when run).
  IF TG_OP = 'INSERT' THEN
    -- The API's transaction claimed its rows' ids already: nothing to do. (Looking each id up
    -- instead cost the demo's COPY a scan of report_ids per statement: the planner hashes it.)
    IF current_setting('canteiro.report_ids_claimed', true) = 'on' THEN
      RETURN NULL;
    END IF;
    -- Any other writer's rows claim their ids here, with no ON CONFLICT: an id held as another
    -- kind fails the statement (unique violation), one a concurrent transaction holds waits.
    INSERT INTO "report_ids" ("id", "kind") SELECT "id", TG_ARGV[0] FROM "new_rows";
  ELSIF TG_OP = 'DELETE' THEN
    -- This table's claims only: an id stored as two kinds before this migration keeps the other.
    DELETE FROM "report_ids" r USING "old_rows" o WHERE r."id" = o."id" AND r."kind" = TG_ARGV[0];
  ELSIF TG_OP = 'UPDATE' THEN
    -- Row level, only when an id changes (reports are never edited; SQL by hand could).
    UPDATE "report_ids" SET "id" = NEW."id" WHERE "id" = OLD."id" AND "kind" = TG_ARGV[0];
  ELSE
    -- TRUNCATE. db:reset and the tests truncate report_ids in the same statement: nothing left.
    DELETE FROM "report_ids" WHERE "kind" = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_reports_report_ids_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('activity');
--> statement-breakpoint
CREATE TRIGGER "activity_reports_report_ids_delete" AFTER DELETE ON "activity_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('activity');
--> statement-breakpoint
CREATE TRIGGER "activity_reports_report_ids_update" AFTER UPDATE OF "id" ON "activity_reports"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "report_ids_changed"('activity');
--> statement-breakpoint
CREATE TRIGGER "activity_reports_report_ids_truncate" AFTER TRUNCATE ON "activity_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('activity');
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_report_ids_insert" AFTER INSERT ON "equipment_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('equipment');
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_report_ids_delete" AFTER DELETE ON "equipment_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('equipment');
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_report_ids_update" AFTER UPDATE OF "id" ON "equipment_reports"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "report_ids_changed"('equipment');
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_report_ids_truncate" AFTER TRUNCATE ON "equipment_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('equipment');
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_report_ids_insert" AFTER INSERT ON "quantity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('quantity');
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_report_ids_delete" AFTER DELETE ON "quantity_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('quantity');
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_report_ids_update" AFTER UPDATE OF "id" ON "quantity_reports"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "report_ids_changed"('quantity');
--> statement-breakpoint
CREATE TRIGGER "quantity_reports_report_ids_truncate" AFTER TRUNCATE ON "quantity_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_ids_changed"('quantity');
--> statement-breakpoint
-- The ids already stored, after the triggers: creating them locked each table against writes
-- until this migration commits, so no row lands between this copy and the triggers. In id order,
-- so the index grows at its right edge. An id already stored as two kinds (the race this closes)
-- keeps its first table's kind here; both rows stay.
INSERT INTO "report_ids" ("id", "kind") SELECT "id", 'activity' FROM "activity_reports" ORDER BY "id"
  ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "report_ids" ("id", "kind") SELECT "id", 'equipment' FROM "equipment_reports" ORDER BY "id"
  ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "report_ids" ("id", "kind") SELECT "id", 'quantity' FROM "quantity_reports" ORDER BY "id"
  ON CONFLICT ("id") DO NOTHING;
