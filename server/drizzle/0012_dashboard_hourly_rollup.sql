CREATE TABLE "activity_hourly" (
	"contract_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_weekday" smallint NOT NULL,
	"local_minute" smallint NOT NULL,
	"function_id" integer NOT NULL,
	"occurrence_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"registers" integer NOT NULL,
	CONSTRAINT "activity_hourly_pkey" PRIMARY KEY("contract_id","local_date","local_minute","function_id","occurrence_id")
);
--> statement-breakpoint
-- Hand-written (docs/dashboards.md). Kept like activity_daily (0008), by triggers of its own: an
-- update removes its old rows (trigger _1_) before it adds the new ones (_2_).
CREATE FUNCTION "activity_hourly_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "activity_hourly" ("contract_id", "local_date", "local_weekday", "local_minute", "function_id", "occurrence_id", "quantity", "registers")
    SELECT "contract_id", "local_date", min("local_weekday"), ("local_minute" / 60) * 60, "function_id", "occurrence_id", sum("quantity"), count(*)
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", ("local_minute" / 60) * 60, "function_id", "occurrence_id"
    -- Key order: batches of one contract lock shared lines in one order (no deadlock).
    ORDER BY "contract_id", "local_date", ("local_minute" / 60) * 60, "function_id", "occurrence_id"
  ON CONFLICT ("contract_id", "local_date", "local_minute", "function_id", "occurrence_id") DO UPDATE
    SET "quantity" = "activity_hourly"."quantity" + excluded."quantity", "registers" = "activity_hourly"."registers" + excluded."registers";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_hourly_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "activity_hourly" AS d SET "quantity" = d."quantity" - o."quantity", "registers" = d."registers" - o."registers"
    FROM (
      SELECT "contract_id", "local_date", ("local_minute" / 60) * 60 AS "local_minute", "function_id", "occurrence_id",
        sum("quantity") AS "quantity", count(*) AS "registers"
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
CREATE FUNCTION "activity_hourly_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "activity_hourly";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hourly_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_hourly_add"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hourly_update_1_remove" AFTER UPDATE ON "activity_reports"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_hourly_remove"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hourly_update_2_add" AFTER UPDATE ON "activity_reports"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_hourly_add"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hourly_delete" AFTER DELETE ON "activity_reports"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "activity_hourly_remove"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hourly_truncate" AFTER TRUNCATE ON "activity_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_hourly_empty"();
--> statement-breakpoint
-- What is already there (canteiro_scale: ~10 M rows read once).
INSERT INTO "activity_hourly" ("contract_id", "local_date", "local_weekday", "local_minute", "function_id", "occurrence_id", "quantity", "registers")
  SELECT "contract_id", "local_date", min("local_weekday"), ("local_minute" / 60) * 60, "function_id", "occurrence_id", sum("quantity"), count(*)
  FROM "activity_reports"
  GROUP BY "contract_id", "local_date", ("local_minute" / 60) * 60, "function_id", "occurrence_id";
