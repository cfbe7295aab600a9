ALTER TABLE "activity_daily" ADD COLUMN "quantity_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_daily_classes" ADD COLUMN "value_adding_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_daily_classes" ADD COLUMN "hidden_waste_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_daily_classes" ADD COLUMN "evident_waste_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_daily_classes" ADD COLUMN "quantity_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_daily_functions" ADD COLUMN "quantity_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_hourly" ADD COLUMN "quantity_squares" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (docs/dashboards.md, DOMAIN.md §5). Every rollup line also sums the squares of
-- its rows' workers (Σx², and per class in activity_daily_classes): with the rows and the workers
-- they give a share's interval in closed form, without the rows. The triggers of 0011 and 0012
-- again, each sum with its square beside it.
CREATE OR REPLACE FUNCTION "activity_rollup_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "activity_daily" ("contract_id", "local_date", "local_weekday", "package_id", "local_id", "activity_id", "function_id", "occurrence_id", "quantity", "registers", "quantity_squares")
    SELECT "contract_id", "local_date", min("local_weekday"), "package_id", "local_id", "activity_id", "function_id", "occurrence_id", sum("quantity"), count(*), sum("quantity"::int * "quantity")
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id"
    -- Key order: two batches of one contract lock the rollup rows they share in the same order,
    -- so they wait for each other instead of deadlocking (a hash aggregate's order is arbitrary).
    ORDER BY "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id"
  ON CONFLICT ("contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id") DO UPDATE
    SET "quantity" = "activity_daily"."quantity" + excluded."quantity", "registers" = "activity_daily"."registers" + excluded."registers",
      "quantity_squares" = "activity_daily"."quantity_squares" + excluded."quantity_squares";
  INSERT INTO "activity_daily_classes" ("contract_id", "local_date", "local_weekday", "package_id", "local_id", "activity_id", "function_id", "value_adding", "hidden_waste", "evident_waste", "quantity", "registers", "value_adding_squares", "hidden_waste_squares", "evident_waste_squares", "quantity_squares")
    SELECT r."contract_id", r."local_date", min(r."local_weekday"), r."package_id", r."local_id", r."activity_id", r."function_id",
      coalesce(sum(r."quantity") FILTER (WHERE o."classification" = 'value_adding'), 0),
      coalesce(sum(r."quantity") FILTER (WHERE o."classification" = 'hidden_waste'), 0),
      coalesce(sum(r."quantity") FILTER (WHERE o."classification" = 'evident_waste'), 0),
      sum(r."quantity"), count(*),
      coalesce(sum(r."quantity"::int * r."quantity") FILTER (WHERE o."classification" = 'value_adding'), 0),
      coalesce(sum(r."quantity"::int * r."quantity") FILTER (WHERE o."classification" = 'hidden_waste'), 0),
      coalesce(sum(r."quantity"::int * r."quantity") FILTER (WHERE o."classification" = 'evident_waste'), 0),
      sum(r."quantity"::int * r."quantity")
    FROM "inserted_rows" AS r JOIN "occurrences" AS o ON o."id" = r."occurrence_id"
    GROUP BY r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id"
    ORDER BY r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id"
  ON CONFLICT ("contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id") DO UPDATE
    SET "value_adding" = "activity_daily_classes"."value_adding" + excluded."value_adding",
      "hidden_waste" = "activity_daily_classes"."hidden_waste" + excluded."hidden_waste",
      "evident_waste" = "activity_daily_classes"."evident_waste" + excluded."evident_waste",
      "quantity" = "activity_daily_classes"."quantity" + excluded."quantity",
      "registers" = "activity_daily_classes"."registers" + excluded."registers",
      "value_adding_squares" = "activity_daily_classes"."value_adding_squares" + excluded."value_adding_squares",
      "hidden_waste_squares" = "activity_daily_classes"."hidden_waste_squares" + excluded."hidden_waste_squares",
      "evident_waste_squares" = "activity_daily_classes"."evident_waste_squares" + excluded."evident_waste_squares",
      "quantity_squares" = "activity_daily_classes"."quantity_squares" + excluded."quantity_squares";
  INSERT INTO "activity_daily_functions" ("contract_id", "local_date", "local_weekday", "function_id", "occurrence_id", "quantity", "registers", "quantity_squares")
    SELECT "contract_id", "local_date", min("local_weekday"), "function_id", "occurrence_id", sum("quantity"), count(*), sum("quantity"::int * "quantity")
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", "function_id", "occurrence_id"
    ORDER BY "contract_id", "local_date", "function_id", "occurrence_id"
  ON CONFLICT ("contract_id", "local_date", "function_id", "occurrence_id") DO UPDATE
    SET "quantity" = "activity_daily_functions"."quantity" + excluded."quantity",
      "registers" = "activity_daily_functions"."registers" + excluded."registers",
      "quantity_squares" = "activity_daily_functions"."quantity_squares" + excluded."quantity_squares";
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
  UPDATE "activity_daily" AS d SET "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers",
      "quantity_squares" = d."quantity_squares" - o."quantity_squares"
    FROM (
      SELECT "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id",
        sum("quantity") AS "quantity", count(*) AS "registers", sum("quantity"::int * "quantity") AS "quantity_squares"
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
      "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers",
      "value_adding_squares" = d."value_adding_squares" - o."value_adding_squares",
      "hidden_waste_squares" = d."hidden_waste_squares" - o."hidden_waste_squares",
      "evident_waste_squares" = d."evident_waste_squares" - o."evident_waste_squares",
      "quantity_squares" = d."quantity_squares" - o."quantity_squares"
    FROM (
      SELECT r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id",
        coalesce(sum(r."quantity") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding",
        coalesce(sum(r."quantity") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste",
        coalesce(sum(r."quantity") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste",
        sum(r."quantity") AS "quantity", count(*) AS "registers",
        coalesce(sum(r."quantity"::int * r."quantity") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding_squares",
        coalesce(sum(r."quantity"::int * r."quantity") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste_squares",
        coalesce(sum(r."quantity"::int * r."quantity") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste_squares",
        sum(r."quantity"::int * r."quantity") AS "quantity_squares"
      FROM "deleted_rows" AS r JOIN "occurrences" AS c ON c."id" = r."occurrence_id"
      GROUP BY r."contract_id", r."local_date", r."package_id", r."local_id", r."activity_id", r."function_id"
    ) AS o
    WHERE d."contract_id" = o."contract_id" AND d."local_date" = o."local_date" AND d."package_id" = o."package_id"
      AND d."local_id" = o."local_id" AND d."activity_id" = o."activity_id" AND d."function_id" = o."function_id";
  DELETE FROM "activity_daily_classes" AS d
    WHERE d."registers" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "deleted_rows");
  UPDATE "activity_daily_functions" AS d SET "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers",
      "quantity_squares" = d."quantity_squares" - o."quantity_squares"
    FROM (
      SELECT "contract_id", "local_date", "function_id", "occurrence_id", sum("quantity") AS "quantity", count(*) AS "registers",
        sum("quantity"::int * "quantity") AS "quantity_squares"
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
-- A reclassified occurrence moves its rows' squares between the class columns too.
CREATE OR REPLACE FUNCTION "occurrences_reclassified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id" WHERE o."classification" <> n."classification"
  ) THEN
    RETURN NULL;
  END IF;
  LOCK TABLE "activity_daily_classes" IN SHARE ROW EXCLUSIVE MODE;
  UPDATE "activity_daily_classes" AS d
    SET "value_adding" = f."value_adding", "hidden_waste" = f."hidden_waste", "evident_waste" = f."evident_waste",
      "value_adding_squares" = f."value_adding_squares", "hidden_waste_squares" = f."hidden_waste_squares",
      "evident_waste_squares" = f."evident_waste_squares"
    FROM (
      SELECT a."contract_id", a."local_date", a."package_id", a."local_id", a."activity_id", a."function_id",
        coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding",
        coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste",
        coalesce(sum(a."quantity") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste",
        coalesce(sum(a."quantity_squares") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding_squares",
        coalesce(sum(a."quantity_squares") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste_squares",
        coalesce(sum(a."quantity_squares") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste_squares"
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
CREATE OR REPLACE FUNCTION "activity_hourly_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "activity_hourly" ("contract_id", "local_date", "local_weekday", "local_minute", "function_id", "occurrence_id", "quantity", "registers", "quantity_squares")
    SELECT "contract_id", "local_date", min("local_weekday"), ("local_minute" / 60) * 60, "function_id", "occurrence_id", sum("quantity"), count(*), sum("quantity"::int * "quantity")
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", ("local_minute" / 60) * 60, "function_id", "occurrence_id"
    -- Key order: batches of one contract lock shared lines in one order (no deadlock).
    ORDER BY "contract_id", "local_date", ("local_minute" / 60) * 60, "function_id", "occurrence_id"
  ON CONFLICT ("contract_id", "local_date", "local_minute", "function_id", "occurrence_id") DO UPDATE
    SET "quantity" = "activity_hourly"."quantity" + excluded."quantity", "registers" = "activity_hourly"."registers" + excluded."registers",
      "quantity_squares" = "activity_hourly"."quantity_squares" + excluded."quantity_squares";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_hourly_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "activity_hourly" AS d SET "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers",
      "quantity_squares" = d."quantity_squares" - o."quantity_squares"
    FROM (
      SELECT "contract_id", "local_date", ("local_minute" / 60) * 60 AS "local_minute", "function_id", "occurrence_id",
        sum("quantity") AS "quantity", count(*) AS "registers", sum("quantity"::int * "quantity") AS "quantity_squares"
      FROM "deleted_rows"
      GROUP BY 1, 2, 3, 4, 5
    ) AS o
    WHERE d."contract_id" = o."contract_id" AND d."local_date" = o."local_date" AND d."local_minute" = o."local_minute"
      AND d."function_id" = o."function_id" AND d."occurrence_id" = o."occurrence_id";
  DELETE FROM "activity_hourly" AS d
    WHERE d."registers" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "deleted_rows");
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What is already there: the squares of the rows (canteiro_scale: its ~10 M rows read twice).
UPDATE "activity_daily" AS d SET "quantity_squares" = s."squares"
  FROM (
    SELECT "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id",
      sum("quantity"::int * "quantity") AS "squares"
    FROM "activity_reports"
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) AS s
  WHERE d."contract_id" = s."contract_id" AND d."local_date" = s."local_date" AND d."package_id" = s."package_id"
    AND d."local_id" = s."local_id" AND d."activity_id" = s."activity_id" AND d."function_id" = s."function_id"
    AND d."occurrence_id" = s."occurrence_id";
--> statement-breakpoint
UPDATE "activity_daily_classes" AS d
  SET "value_adding_squares" = s."value_adding_squares", "hidden_waste_squares" = s."hidden_waste_squares",
    "evident_waste_squares" = s."evident_waste_squares", "quantity_squares" = s."quantity_squares"
  FROM (
    SELECT a."contract_id", a."local_date", a."package_id", a."local_id", a."activity_id", a."function_id",
      coalesce(sum(a."quantity_squares") FILTER (WHERE c."classification" = 'value_adding'), 0) AS "value_adding_squares",
      coalesce(sum(a."quantity_squares") FILTER (WHERE c."classification" = 'hidden_waste'), 0) AS "hidden_waste_squares",
      coalesce(sum(a."quantity_squares") FILTER (WHERE c."classification" = 'evident_waste'), 0) AS "evident_waste_squares",
      sum(a."quantity_squares") AS "quantity_squares"
    FROM "activity_daily" AS a JOIN "occurrences" AS c ON c."id" = a."occurrence_id"
    GROUP BY 1, 2, 3, 4, 5, 6
  ) AS s
  WHERE d."contract_id" = s."contract_id" AND d."local_date" = s."local_date" AND d."package_id" = s."package_id"
    AND d."local_id" = s."local_id" AND d."activity_id" = s."activity_id" AND d."function_id" = s."function_id";
--> statement-breakpoint
UPDATE "activity_daily_functions" AS d SET "quantity_squares" = s."squares"
  FROM (
    SELECT "contract_id", "local_date", "function_id", "occurrence_id", sum("quantity_squares") AS "squares"
    FROM "activity_daily" GROUP BY 1, 2, 3, 4
  ) AS s
  WHERE d."contract_id" = s."contract_id" AND d."local_date" = s."local_date" AND d."function_id" = s."function_id"
    AND d."occurrence_id" = s."occurrence_id";
--> statement-breakpoint
UPDATE "activity_hourly" AS d SET "quantity_squares" = s."squares"
  FROM (
    SELECT "contract_id", "local_date", ("local_minute" / 60) * 60 AS "local_minute", "function_id", "occurrence_id",
      sum("quantity"::int * "quantity") AS "squares"
    FROM "activity_reports"
    GROUP BY 1, 2, 3, 4, 5
  ) AS s
  WHERE d."contract_id" = s."contract_id" AND d."local_date" = s."local_date" AND d."local_minute" = s."local_minute"
    AND d."function_id" = s."function_id" AND d."occurrence_id" = s."occurrence_id";
