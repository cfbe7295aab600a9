-- Issue 10: reports arrive from the mobile app. A report's id becomes the UUID its device made
-- (exactly-once ingestion), the site-clock date, minute and ISO weekday are stored with it,
-- reports lose the active flag (they are facts), and a session remembers its channel (web or
-- mobile). No release could write reports before this migration, so the report tables are empty
-- (an old bigint id would still convert to a UUID).
ALTER TABLE "activity_reports" DROP CONSTRAINT "activity_reports_quantity_check";--> statement-breakpoint
ALTER TABLE "activity_reports" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "activity_reports" ALTER COLUMN "id" SET DATA TYPE uuid USING lpad(to_hex("id"), 32, '0')::uuid;--> statement-breakpoint
ALTER TABLE "activity_reports" ALTER COLUMN "quantity" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "activity_reports" ALTER COLUMN "is_scheduled" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "equipment_reports" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "equipment_reports" ALTER COLUMN "id" SET DATA TYPE uuid USING lpad(to_hex("id"), 32, '0')::uuid;--> statement-breakpoint
ALTER TABLE "quantity_reports" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "quantity_reports" ALTER COLUMN "id" SET DATA TYPE uuid USING lpad(to_hex("id"), 32, '0')::uuid;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD COLUMN "local_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD COLUMN "local_minute" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD COLUMN "local_weekday" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD COLUMN "local_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD COLUMN "local_minute" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD COLUMN "local_weekday" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quantity_reports" ADD COLUMN "local_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "quantity_reports" ADD COLUMN "local_minute" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "quantity_reports" ADD COLUMN "local_weekday" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "quantity_reports" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_reports" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "activity_reports" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "equipment_reports" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "quantity_reports" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_channel_check" CHECK ("auth_tokens"."channel" in ('web', 'mobile'));--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_local_minute_check" CHECK (local_minute between 0 and 1439);--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_local_weekday_check" CHECK (local_weekday between 1 and 7);--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_quantity_check" CHECK ("activity_reports"."quantity" between 1 and 200);--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD CONSTRAINT "equipment_reports_local_minute_check" CHECK (local_minute between 0 and 1439);--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD CONSTRAINT "equipment_reports_local_weekday_check" CHECK (local_weekday between 1 and 7);--> statement-breakpoint
ALTER TABLE "quantity_reports" ADD CONSTRAINT "quantity_reports_local_minute_check" CHECK (local_minute between 0 and 1439);--> statement-breakpoint
ALTER TABLE "quantity_reports" ADD CONSTRAINT "quantity_reports_local_weekday_check" CHECK (local_weekday between 1 and 7);