-- Generated: the report tables' own contract keys go. Each row's (activity_id, contract_id) is a
-- key to activities, whose contract_id is a key to contracts: the contract cannot go while the
-- row is there, and a row cannot name a contract that is not its activity's. One check per row
-- less (2.2 ms of a 500-row batch on PostgreSQL).
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP CONSTRAINT "equipment_reports_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP CONSTRAINT "quantity_reports_contract_id_contracts_id_fk";
--> statement-breakpoint
-- Hand-written (docs/ingestion.md, "Batches of one contract"). Until now the version trigger
-- fired first (triggers fire by name) and its lock on the contract's row of
-- dashboard_data_versions, held to the commit, made every batch of a contract wait for the one
-- before it through all its rollups: 1–2 of 4 sessions waited on Lock:transactionid. Only the
-- local-times count needed that wait (two batches bringing a (time, local) pair's first rows
-- must not both count it); every other rollup adds, which commutes. That count now waits for
-- just the transactions holding one of its site days (an advisory lock per contract and day,
-- taken in key order so two batches cannot wait for each other), and the version triggers are
-- renamed so they fire last: the row is held for the commit alone.
CREATE OR REPLACE FUNCTION "activity_local_times_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The site days this statement touches, locked until the transaction ends (two batches of one
  -- report time share its day), in the order of the lock keys, so none waits for another that
  -- waits for it. Namespace 4272 (beside login-attempts.ts's 0x10a7–0x10a9); a day is one of 1 024
  -- keys, so a statement holds at most 1 024 locks, whatever it loads (a COPY of 100 000 rows
  -- spread over months took one per report time and ran out of shared memory). The count below
  -- is a statement of its own: under READ COMMITTED it sees the rows of whoever held its days.
  EXECUTE format($sql$
    SELECT count(pg_advisory_xact_lock(4272, k."key")) FROM (
      SELECT DISTINCT hashtext("contract_id"::text || ':' || "local_date"::text) & 1023 AS "key"
      FROM (%s) AS s ORDER BY 1
    ) AS k
  $sql$, "source");
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
-- The version is drawn once the row is locked, so versions grow in the order batches commit
-- (drawn before the lock, a batch that waited wrote an older number over a newer one: the
-- kept answers and the replica's catch-up (replica.ts) read versions as growing).
CREATE OR REPLACE FUNCTION "dashboard_contract_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_data_versions" ("contract_id", "version", "observations")
      SELECT "contract_id", nextval('dashboard_data_version_seq'), "observed"
      FROM (
        SELECT "contract_id", CASE WHEN TG_TABLE_NAME = 'quantity_reports' THEN 0 ELSE count(*) END AS "observed"
        FROM "new_rows" GROUP BY 1 ORDER BY 1
      ) AS changed
    ON CONFLICT ("contract_id") DO UPDATE
      SET "version" = nextval('dashboard_data_version_seq'), "observations" = "dashboard_data_versions"."observations" + excluded."observations";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dashboard_data_versions" ("contract_id", "version")
      SELECT "contract_id", nextval('dashboard_data_version_seq')
      FROM (SELECT DISTINCT "contract_id" FROM "old_rows" ORDER BY 1) AS changed
    ON CONFLICT ("contract_id") DO UPDATE SET "version" = nextval('dashboard_data_version_seq');
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "dashboard_data_versions" ("contract_id", "version")
      SELECT "contract_id", nextval('dashboard_data_version_seq')
      FROM (SELECT "contract_id" FROM "new_rows" UNION SELECT "contract_id" FROM "old_rows" ORDER BY 1) AS changed
    ON CONFLICT ("contract_id") DO UPDATE SET "version" = nextval('dashboard_data_version_seq');
  ELSE
    INSERT INTO "dashboard_data_version" ("id", "version") VALUES (true, nextval('dashboard_data_version_seq'))
      ON CONFLICT ("id") DO UPDATE SET "version" = nextval('dashboard_data_version_seq');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER TRIGGER "activity_reports_dashboard_version_insert" ON "activity_reports" RENAME TO "activity_reports_version_insert";
--> statement-breakpoint
ALTER TRIGGER "activity_reports_dashboard_version_update" ON "activity_reports" RENAME TO "activity_reports_version_update";
--> statement-breakpoint
ALTER TRIGGER "activity_reports_dashboard_version_delete" ON "activity_reports" RENAME TO "activity_reports_version_delete";
--> statement-breakpoint
ALTER TRIGGER "activity_reports_dashboard_version_truncate" ON "activity_reports" RENAME TO "activity_reports_version_truncate";
--> statement-breakpoint
ALTER TRIGGER "equipment_reports_dashboard_version_insert" ON "equipment_reports" RENAME TO "equipment_reports_version_insert";
--> statement-breakpoint
ALTER TRIGGER "equipment_reports_dashboard_version_update" ON "equipment_reports" RENAME TO "equipment_reports_version_update";
--> statement-breakpoint
ALTER TRIGGER "equipment_reports_dashboard_version_delete" ON "equipment_reports" RENAME TO "equipment_reports_version_delete";
--> statement-breakpoint
ALTER TRIGGER "equipment_reports_dashboard_version_truncate" ON "equipment_reports" RENAME TO "equipment_reports_version_truncate";
--> statement-breakpoint
ALTER TRIGGER "quantity_reports_dashboard_version_insert" ON "quantity_reports" RENAME TO "quantity_reports_version_insert";
--> statement-breakpoint
ALTER TRIGGER "quantity_reports_dashboard_version_update" ON "quantity_reports" RENAME TO "quantity_reports_version_update";
--> statement-breakpoint
ALTER TRIGGER "quantity_reports_dashboard_version_delete" ON "quantity_reports" RENAME TO "quantity_reports_version_delete";
--> statement-breakpoint
ALTER TRIGGER "quantity_reports_dashboard_version_truncate" ON "quantity_reports" RENAME TO "quantity_reports_version_truncate";
