CREATE TABLE "activity_daily_classes" (
	"contract_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_weekday" smallint NOT NULL,
	"package_id" integer NOT NULL,
	"local_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"function_id" integer NOT NULL,
	"value_adding" bigint NOT NULL,
	"hidden_waste" bigint NOT NULL,
	"evident_waste" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"registers" integer NOT NULL,
	CONSTRAINT "activity_daily_classes_pkey" PRIMARY KEY("contract_id","local_date","package_id","local_id","activity_id","function_id")
);
--> statement-breakpoint
CREATE TABLE "activity_daily_functions" (
	"contract_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_weekday" smallint NOT NULL,
	"function_id" integer NOT NULL,
	"occurrence_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"registers" integer NOT NULL,
	CONSTRAINT "activity_daily_functions_pkey" PRIMARY KEY("contract_id","local_date","function_id","occurrence_id")
);
--> statement-breakpoint
CREATE TABLE "activity_daily_local_times" (
	"contract_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_weekday" smallint NOT NULL,
	"local_id" integer NOT NULL,
	"report_times" integer NOT NULL,
	CONSTRAINT "activity_daily_local_times_pkey" PRIMARY KEY("contract_id","local_date","local_id")
);
--> statement-breakpoint
DROP INDEX "activity_walks_contract_date_idx";--> statement-breakpoint
-- Hand-written (docs/dashboards.md). The rollup triggers of 0008 keep the two coarser rollups too:
-- the same transition tables, folded by fewer keys. The class of a row is its occurrence's now;
-- occurrences_reclassified (below) re-folds when that changes.
CREATE OR REPLACE FUNCTION "activity_rollup_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "activity_daily" ("contract_id", "local_date", "local_weekday", "package_id", "local_id", "activity_id", "function_id", "occurrence_id", "quantity", "registers")
    SELECT "contract_id", "local_date", min("local_weekday"), "package_id", "local_id", "activity_id", "function_id", "occurrence_id", sum("quantity"), count(*)
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id"
    -- Key order: two batches of one contract lock the rollup rows they share in the same order,
    -- so they wait for each other instead of deadlocking (a hash aggregate's order is arbitrary).
    ORDER BY "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id"
  ON CONFLICT ("contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id") DO UPDATE
    SET "quantity" = "activity_daily"."quantity" + excluded."quantity", "registers" = "activity_daily"."registers" + excluded."registers";
  INSERT INTO "activity_daily_classes" ("contract_id", "local_date", "local_weekday", "package_id", "local_id", "activity_id", "function_id", "value_adding", "hidden_waste", "evident_waste", "quantity", "registers")
    SELECT r."contract_id", r."local_date", min(r."local_weekday"), r."package_id", r."local_id", r."activity_id", r."function_id",
      coalesce(sum(r."quantity") FILTER (WHERE o."classification" = 'value_adding'), 0),
      coalesce(sum(r."quantity") FILTER (WHERE o."classification" = 'hidden_waste'), 0),
      coalesce(sum(r."quantity") FILTER (WHERE o."classification" = 'evident_waste'), 0),
      sum(r."quantity"), count(*)
    FROM "inserted_rows" AS r JOIN "occurrences" AS o ON o."id" = r."occurrence_id"
    GROUP BY r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id"
    ORDER BY r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id"
  ON CONFLICT ("contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id") DO UPDATE
    SET "value_adding" = "activity_daily_classes"."value_adding" + excluded."value_adding",
      "hidden_waste" = "activity_daily_classes"."hidden_waste" + excluded."hidden_waste",
      "evident_waste" = "activity_daily_classes"."evident_waste" + excluded."evident_waste",
      "quantity" = "activity_daily_classes"."quantity" + excluded."quantity",
      "registers" = "activity_daily_classes"."registers" + excluded."registers";
  INSERT INTO "activity_daily_functions" ("contract_id", "local_date", "local_weekday", "function_id", "occurrence_id", "quantity", "registers")
    SELECT "contract_id", "local_date", min("local_weekday"), "function_id", "occurrence_id", sum("quantity"), count(*)
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", "function_id", "occurrence_id"
    ORDER BY "contract_id", "local_date", "function_id", "occurrence_id"
  ON CONFLICT ("contract_id", "local_date", "function_id", "occurrence_id") DO UPDATE
    SET "quantity" = "activity_daily_functions"."quantity" + excluded."quantity",
      "registers" = "activity_daily_functions"."registers" + excluded."registers";
  INSERT INTO "activity_walks" ("contract_id", "user_id", "report_time", "local_date", "local_minute", "local_weekday")
    SELECT DISTINCT "contract_id", "user_id", "report_time", "local_date", "local_minute", "local_weekday" FROM "inserted_rows"
    ORDER BY "contract_id", "user_id", "report_time"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_rollup_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "activity_daily" AS d SET "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers"
    FROM (
      SELECT "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id",
        sum("quantity") AS "quantity", count(*) AS "registers"
      FROM "deleted_rows"
      GROUP BY "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id"
    ) AS o
    WHERE d."contract_id" = o."contract_id" AND d."local_date" = o."local_date" AND d."package_id" = o."package_id"
      AND d."local_id" = o."local_id" AND d."activity_id" = o."activity_id" AND d."function_id" = o."function_id"
      AND d."occurrence_id" = o."occurrence_id";
  DELETE FROM "activity_daily" AS d
    WHERE d."registers" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "deleted_rows");
  UPDATE "activity_daily_classes" AS d SET "value_adding" = d."value_adding" - o."value_adding",
      "hidden_waste" = d."hidden_waste" - o."hidden_waste", "evident_waste" = d."evident_waste" - o."evident_waste",
      "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers"
    FROM (
      SELECT r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id",
        coalesce(sum(r."quantity") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding",
        coalesce(sum(r."quantity") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste",
        coalesce(sum(r."quantity") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste",
        sum(r."quantity") AS "quantity", count(*) AS "registers"
      FROM "deleted_rows" AS r JOIN "occurrences" AS c ON c."id" = r."occurrence_id"
      GROUP BY r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id"
    ) AS o
    WHERE d."contract_id" = o."contract_id" AND d."local_date" = o."local_date" AND d."package_id" = o."package_id"
      AND d."local_id" = o."local_id" AND d."activity_id" = o."activity_id" AND d."function_id" = o."function_id";
  DELETE FROM "activity_daily_classes" AS d
    WHERE d."registers" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "deleted_rows");
  UPDATE "activity_daily_functions" AS d SET "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers"
    FROM (
      SELECT "contract_id", "local_date", "function_id", "occurrence_id", sum("quantity") AS "quantity", count(*) AS "registers"
      FROM "deleted_rows"
      GROUP BY "contract_id", "local_date", "function_id", "occurrence_id"
    ) AS o
    WHERE d."contract_id" = o."contract_id" AND d."local_date" = o."local_date" AND d."function_id" = o."function_id"
      AND d."occurrence_id" = o."occurrence_id";
  DELETE FROM "activity_daily_functions" AS d
    WHERE d."registers" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "deleted_rows");
  DELETE FROM "activity_walks" AS w
    USING (SELECT DISTINCT "contract_id", "user_id", "report_time" FROM "deleted_rows") AS o
    WHERE w."contract_id" = o."contract_id" AND w."user_id" = o."user_id" AND w."report_time" = o."report_time"
      AND NOT EXISTS (
        SELECT 1 FROM "activity_reports" AS a
        WHERE a."contract_id" = w."contract_id" AND a."user_id" = w."user_id" AND a."report_time" = w."report_time");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_rollup_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "activity_daily";
  DELETE FROM "activity_daily_classes";
  DELETE FROM "activity_daily_functions";
  DELETE FROM "activity_daily_local_times";
  DELETE FROM "activity_walks";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An occurrence whose classification changes moves its workers between the class columns of every
-- line that holds it: those lines are folded again from activity_daily, which keeps the occurrence.
-- Rare (an admin's edit); at 10 M rows it reads activity_daily whole (~1 s). The lock waits for
-- batches being ingested to commit, so none of them adds rows under the old class behind the re-fold.
CREATE FUNCTION "occurrences_reclassified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id" WHERE o."classification" <> n."classification"
  ) THEN
    RETURN NULL;
  END IF;
  LOCK TABLE "activity_daily_classes" IN SHARE ROW EXCLUSIVE MODE;
  UPDATE "activity_daily_classes" AS d
    SET "value_adding" = f."value_adding", "hidden_waste" = f."hidden_waste", "evident_waste" = f."evident_waste"
    FROM (
      SELECT a."contract_id", a."local_date", a."package_id", a."local_id", a."activity_id", a."function_id",
        coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding",
        coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste",
        coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste"
      FROM "activity_daily" AS a JOIN "occurrences" AS c ON c."id" = a."occurrence_id"
      WHERE ("contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id") IN (
        SELECT "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id" FROM "activity_daily"
        WHERE "occurrence_id" IN (
          SELECT n."id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
          WHERE o."classification" <> n."classification"))
      GROUP BY a."contract_id", a."local_date", a."package_id", a."local_id", a."activity_id", a."function_id"
    ) AS f
    WHERE d."contract_id" = f."contract_id" AND d."local_date" = f."local_date" AND d."package_id" = f."package_id"
      AND d."local_id" = f."local_id" AND d."activity_id" = f."activity_id" AND d."function_id" = f."function_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "occurrences_dashboard_reclassified" AFTER UPDATE ON "occurrences"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "occurrences_reclassified"();
--> statement-breakpoint
-- What is already there (from activity_daily, already folded: seconds on canteiro_scale).
INSERT INTO "activity_daily_classes" ("contract_id", "local_date", "local_weekday", "package_id", "local_id", "activity_id", "function_id", "value_adding", "hidden_waste", "evident_waste", "quantity", "registers")
  SELECT a."contract_id", a."local_date", min(a."local_weekday"), a."package_id", a."local_id", a."activity_id", a."function_id",
    coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'value_adding'), 0),
    coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'hidden_waste'), 0),
    coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'evident_waste'), 0),
    sum(a."quantity"), sum(a."registers")
  FROM "activity_daily" AS a JOIN "occurrences" AS c ON c."id" = a."occurrence_id"
  GROUP BY a."contract_id", a."local_date", a."package_id", a."local_id", a."activity_id", a."function_id";
--> statement-breakpoint
INSERT INTO "activity_daily_functions" ("contract_id", "local_date", "local_weekday", "function_id", "occurrence_id", "quantity", "registers")
  SELECT "contract_id", "local_date", min("local_weekday"), "function_id", "occurrence_id", sum("quantity"), sum("registers")
  FROM "activity_daily"
  GROUP BY "contract_id", "local_date", "function_id", "occurrence_id";
--> statement-breakpoint
-- The distinct report times per (contract, site day, local): a statement touches some
-- (contract, time, local) keys; each key's rows now (read once per touched report time through
-- the (contract_id, report_time) index) against the statement's change (new rows − old rows)
-- say whether the pair appeared (none before, some now) or went (some before, none now). One
-- function for insert, update and delete, so an update sees its old and new rows together.
CREATE FUNCTION "activity_local_times_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Each event names only the transition tables it has: the statement is put together here and
  -- planned when run (with the true size of the change).
  "source" text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "contract_id", "report_time", "local_id", "local_date", "local_weekday", 1 AS "change" FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT "contract_id", "report_time", "local_id", "local_date", "local_weekday", -1 AS "change" FROM "old_rows"'
    ELSE 'SELECT "contract_id", "report_time", "local_id", "local_date", "local_weekday", 1 AS "change" FROM "new_rows"
      UNION ALL SELECT "contract_id", "report_time", "local_id", "local_date", "local_weekday", -1 FROM "old_rows"'
  END;
BEGIN
  EXECUTE format($sql$
    WITH "changed" AS (
      SELECT "contract_id", "report_time", "local_id", "local_date", min("local_weekday") AS "local_weekday", sum("change") AS "change"
      FROM (%s) AS s GROUP BY 1, 2, 3, 4 HAVING sum("change") <> 0
    ), "now" AS (
      SELECT a."contract_id", a."report_time", a."local_id", count(*) AS "rows"
      FROM "activity_reports" AS a
      WHERE (a."contract_id", a."report_time") IN (SELECT DISTINCT "contract_id", "report_time" FROM "changed")
      GROUP BY 1, 2, 3
    ), "delta" AS (
      SELECT c."contract_id", c."local_date", min(c."local_weekday") AS "local_weekday", c."local_id",
        sum(CASE
          WHEN coalesce(n."rows", 0) > 0 AND coalesce(n."rows", 0) - c."change" = 0 THEN 1
          WHEN coalesce(n."rows", 0) = 0 AND coalesce(n."rows", 0) - c."change" > 0 THEN -1
          ELSE 0 END) AS "report_times"
      FROM "changed" AS c LEFT JOIN "now" AS n
        ON n."contract_id" = c."contract_id" AND n."report_time" = c."report_time" AND n."local_id" = c."local_id"
      GROUP BY c."contract_id", c."local_date", c."local_id"
    )
    INSERT INTO "activity_daily_local_times" ("contract_id", "local_date", "local_weekday", "local_id", "report_times")
      SELECT "contract_id", "local_date", "local_weekday", "local_id", "report_times" FROM "delta" WHERE "report_times" <> 0
      ORDER BY "contract_id", "local_date", "local_id"
    ON CONFLICT ("contract_id", "local_date", "local_id") DO UPDATE
      SET "report_times" = "activity_daily_local_times"."report_times" + excluded."report_times"
  $sql$, "source");
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "activity_daily_local_times" AS d
      WHERE d."report_times" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_reports_local_times_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_local_times_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_local_times_update" AFTER UPDATE ON "activity_reports"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_local_times_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_local_times_delete" AFTER DELETE ON "activity_reports"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_local_times_changed"();
--> statement-breakpoint
INSERT INTO "activity_daily_local_times" ("contract_id", "local_date", "local_weekday", "local_id", "report_times")
  SELECT "contract_id", "local_date", min("local_weekday"), "local_id", count(DISTINCT "report_time")
  FROM "activity_reports"
  GROUP BY "contract_id", "local_date", "local_id";
--> statement-breakpoint
-- Compliance reads a contract's walks of some days: an index-only scan of those days instead of
-- every walk of the contract through the heap (drizzle cannot declare INCLUDE; not in the snapshot).
CREATE INDEX IF NOT EXISTS "activity_walks_dashboard_idx" ON "activity_walks" ("contract_id", "local_date")
  INCLUDE ("user_id", "report_time", "local_minute", "local_weekday");
