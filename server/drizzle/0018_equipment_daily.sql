CREATE TABLE "equipment_daily" (
	"contract_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_weekday" smallint NOT NULL,
	"equipment_id" integer NOT NULL,
	"working" integer NOT NULL,
	"idle" integer NOT NULL,
	"down" integer NOT NULL,
	"observations" integer NOT NULL,
	CONSTRAINT "equipment_daily_pkey" PRIMARY KEY("contract_id","local_date","equipment_id")
);
--> statement-breakpoint
-- Hand-written (docs/dashboards.md). Kept like activity_hourly (0012), by statement triggers of
-- its own: an update removes its old rows (trigger _1_) before it adds the new ones (_2_).
CREATE FUNCTION "equipment_daily_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "equipment_daily" ("contract_id", "local_date", "local_weekday", "equipment_id", "working", "idle", "down", "observations")
    SELECT "contract_id", "local_date", min("local_weekday"), "equipment_id",
      count(*) FILTER (WHERE "classification" = 'working'), count(*) FILTER (WHERE "classification" = 'idle'),
      count(*) FILTER (WHERE "classification" = 'down'), count(*)
    FROM "inserted_rows"
    GROUP BY "contract_id", "local_date", "equipment_id"
    -- Key order: batches of one contract lock shared lines in one order (no deadlock).
    ORDER BY "contract_id", "local_date", "equipment_id"
  ON CONFLICT ("contract_id", "local_date", "equipment_id") DO UPDATE
    SET "working" = "equipment_daily"."working" + excluded."working", "idle" = "equipment_daily"."idle" + excluded."idle",
      "down" = "equipment_daily"."down" + excluded."down", "observations" = "equipment_daily"."observations" + excluded."observations";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "equipment_daily_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "equipment_daily" AS d SET "working" = d."working" - o."working", "idle" = d."idle" - o."idle",
      "down" = d."down" - o."down", "observations" = d."observations" - o."observations"
    FROM (
      SELECT "contract_id", "local_date", "equipment_id",
        count(*) FILTER (WHERE "classification" = 'working') AS "working", count(*) FILTER (WHERE "classification" = 'idle') AS "idle",
        count(*) FILTER (WHERE "classification" = 'down') AS "down", count(*) AS "observations"
      FROM "deleted_rows"
      GROUP BY 1, 2, 3
    ) AS o
    WHERE d."contract_id" = o."contract_id" AND d."local_date" = o."local_date" AND d."equipment_id" = o."equipment_id";
  DELETE FROM "equipment_daily" AS d
    WHERE d."observations" <= 0 AND d."contract_id" IN (SELECT DISTINCT "contract_id" FROM "deleted_rows");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "equipment_daily_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "equipment_daily";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_daily_insert" AFTER INSERT ON "equipment_reports"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment_daily_add"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_daily_update_1_remove" AFTER UPDATE ON "equipment_reports"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment_daily_remove"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_daily_update_2_add" AFTER UPDATE ON "equipment_reports"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment_daily_add"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_daily_delete" AFTER DELETE ON "equipment_reports"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment_daily_remove"();
--> statement-breakpoint
CREATE TRIGGER "equipment_reports_daily_truncate" AFTER TRUNCATE ON "equipment_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_daily_empty"();
--> statement-breakpoint
-- What is already there (one pass over the equipment rows: seconds on canteiro_scale).
INSERT INTO "equipment_daily" ("contract_id", "local_date", "local_weekday", "equipment_id", "working", "idle", "down", "observations")
  SELECT "contract_id", "local_date", min("local_weekday"), "equipment_id",
    count(*) FILTER (WHERE "classification" = 'working'), count(*) FILTER (WHERE "classification" = 'idle'),
    count(*) FILTER (WHERE "classification" = 'down'), count(*)
  FROM "equipment_reports"
  GROUP BY "contract_id", "local_date", "equipment_id";
