ALTER TABLE "dashboard_data_versions" ADD COLUMN "observations" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (docs/dashboards.md, "Live figures"). As 0010's, and an insert also adds the
-- activity and equipment rows it brought to the contract's count (quantities are no observation),
-- on the row the statement already writes: no other row is locked.
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
      SET "version" = excluded."version", "observations" = "dashboard_data_versions"."observations" + excluded."observations";
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
