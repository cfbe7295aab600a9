CREATE TABLE "activity_daily" (
	"contract_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_weekday" smallint NOT NULL,
	"package_id" integer NOT NULL,
	"local_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"function_id" integer NOT NULL,
	"occurrence_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"registers" integer NOT NULL,
	CONSTRAINT "activity_daily_pkey" PRIMARY KEY("contract_id","local_date","package_id","local_id","activity_id","function_id","occurrence_id")
);
--> statement-breakpoint
CREATE TABLE "activity_walks" (
	"contract_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"report_time" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"local_minute" smallint NOT NULL,
	"local_weekday" smallint NOT NULL,
	CONSTRAINT "activity_walks_pkey" PRIMARY KEY("contract_id","user_id","report_time")
);
--> statement-breakpoint
CREATE INDEX "activity_walks_contract_date_idx" ON "activity_walks" USING btree ("contract_id","local_date");--> statement-breakpoint
-- Hand-written (docs/dashboards.md). The dashboards read a contract's days of the rollup: an
-- index-only scan (drizzle cannot declare INCLUDE; the snapshot does not know this index).
CREATE INDEX IF NOT EXISTS "activity_daily_dashboard_idx" ON "activity_daily" ("contract_id", "local_date")
  INCLUDE ("local_weekday", "package_id", "local_id", "activity_id", "function_id", "occurrence_id", "quantity", "registers");
--> statement-breakpoint
-- Statement triggers keep activity_daily and activity_walks
-- exactly the activity rows folded, whatever writes them (ingestion, the demo loader, a fix by hand).
CREATE FUNCTION "activity_rollup_add"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO "activity_walks" ("contract_id", "user_id", "report_time", "local_date", "local_minute", "local_weekday")
    SELECT DISTINCT "contract_id", "user_id", "report_time", "local_date", "local_minute", "local_weekday" FROM "inserted_rows"
    ORDER BY "contract_id", "user_id", "report_time"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_rollup_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION "activity_rollup_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "activity_daily";
  DELETE FROM "activity_walks";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_reports_rollup_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_rollup_add"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_rollup_update_1_remove" AFTER UPDATE ON "activity_reports"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_rollup_remove"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_rollup_update_2_add" AFTER UPDATE ON "activity_reports"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_rollup_add"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_rollup_delete" AFTER DELETE ON "activity_reports"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_rollup_remove"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_rollup_truncate" AFTER TRUNCATE ON "activity_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_rollup_empty"();
--> statement-breakpoint
-- What is already there (canteiro_scale: ~10 M rows, tens of seconds).
INSERT INTO "activity_daily" ("contract_id", "local_date", "local_weekday", "package_id", "local_id", "activity_id", "function_id", "occurrence_id", "quantity", "registers")
  SELECT "contract_id", "local_date", min("local_weekday"), "package_id", "local_id", "activity_id", "function_id", "occurrence_id", sum("quantity"), count(*)
  FROM "activity_reports"
  GROUP BY "contract_id", "local_date", "package_id", "local_id", "activity_id", "function_id", "occurrence_id";
--> statement-breakpoint
INSERT INTO "activity_walks" ("contract_id", "user_id", "report_time", "local_date", "local_minute", "local_weekday")
  SELECT DISTINCT "contract_id", "user_id", "report_time", "local_date", "local_minute", "local_weekday" FROM "activity_reports";
