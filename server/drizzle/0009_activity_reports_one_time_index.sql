-- activity_reports_dashboard_idx (0007) has the same keys (contract_id, report_time) with the dashboards'
-- columns INCLUDEd: it serves the report lists and the dashboards alike, and the index on the keys
-- alone only cost every insert.
DROP INDEX "activity_reports_contract_time_idx";
