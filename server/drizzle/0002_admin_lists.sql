CREATE TABLE "user_pictures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || email)) STORED;--> statement-breakpoint
ALTER TABLE "user_pictures" ADD CONSTRAINT "user_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveys_user_idx" ON "surveys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower(coalesce("first_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_base_idx" ON "users" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "users_work_idx" ON "users" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "users_contract_idx" ON "users" USING btree ("contract_id");