CREATE TYPE "public"."company_email_kind" AS ENUM('daily_status', 'urgent_report');--> statement-breakpoint
CREATE TABLE "company_emails" (
	"email_id" uuid PRIMARY KEY NOT NULL,
	"company_sku" text NOT NULL,
	"kind" "company_email_kind" NOT NULL,
	"status_date" date,
	"pet_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_sku" text NOT NULL,
	"pet_id" uuid NOT NULL,
	"date" date NOT NULL,
	"daily_status" text NOT NULL,
	"created_by_vet_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by_vet_id" uuid,
	"updated_at" timestamp with time zone,
	"edits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_by_vet_id" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_emails" ADD CONSTRAINT "company_emails_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_emails" ADD CONSTRAINT "company_emails_company_sku_companies_sku_fk" FOREIGN KEY ("company_sku") REFERENCES "public"."companies"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_emails" ADD CONSTRAINT "company_emails_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_statuses" ADD CONSTRAINT "daily_statuses_company_sku_companies_sku_fk" FOREIGN KEY ("company_sku") REFERENCES "public"."companies"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_statuses" ADD CONSTRAINT "daily_statuses_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_statuses" ADD CONSTRAINT "daily_statuses_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_statuses" ADD CONSTRAINT "daily_statuses_updated_by_vet_id_vets_id_fk" FOREIGN KEY ("updated_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_statuses" ADD CONSTRAINT "daily_statuses_deleted_by_vet_id_vets_id_fk" FOREIGN KEY ("deleted_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_emails_company_idx" ON "company_emails" USING btree ("company_sku","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_statuses_live_pet_date_idx" ON "daily_statuses" USING btree ("pet_id","date") WHERE "daily_statuses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "daily_statuses_company_date_idx" ON "daily_statuses" USING btree ("company_sku","date");