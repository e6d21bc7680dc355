CREATE TYPE "public"."checkup_status" AS ENUM('sent', 'answered', 'reviewed');--> statement-breakpoint
CREATE TABLE "form_versions" (
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"question_groups" jsonb NOT NULL,
	"created_by_vet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sku" text NOT NULL,
	"is_pool" boolean DEFAULT true NOT NULL,
	"pool_id" uuid,
	"manually_sendable" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by_vet_id" uuid,
	"updated_by_vet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "checkups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version" integer NOT NULL,
	"status" "checkup_status" DEFAULT 'sent' NOT NULL,
	"problematic" boolean DEFAULT false NOT NULL,
	"problematic_count" integer DEFAULT 0 NOT NULL,
	"answers" jsonb,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by_vet_id" uuid,
	"answered_at" timestamp with time zone,
	"filled_by_vet_id" uuid,
	"reviewed_by_vet_id" uuid,
	"reviewed_at" timestamp with time zone,
	"vet_comment" text,
	"comment_history" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_pool_id_forms_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_updated_by_vet_id_vets_id_fk" FOREIGN KEY ("updated_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_sent_by_vet_id_vets_id_fk" FOREIGN KEY ("sent_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_filled_by_vet_id_vets_id_fk" FOREIGN KEY ("filled_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_reviewed_by_vet_id_vets_id_fk" FOREIGN KEY ("reviewed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_form_id_form_version_form_versions_form_id_version_fk" FOREIGN KEY ("form_id","form_version") REFERENCES "public"."form_versions"("form_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_updated_idx" ON "forms" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "checkups_pet_sent_idx" ON "checkups" USING btree ("pet_id","sent_at");--> statement-breakpoint
CREATE INDEX "checkups_form_idx" ON "checkups" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "checkups_inbox_idx" ON "checkups" USING btree ("status","problematic","sent_at");