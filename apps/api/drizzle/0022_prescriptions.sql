CREATE TYPE "public"."dose_frequency" AS ENUM('once', 'once_daily', 'twice_daily', 'three_times_daily', 'every_other_day', 'once_weekly', 'once_monthly');--> statement-breakpoint
CREATE TYPE "public"."dose_route" AS ENUM('oral', 'topical', 'subcutaneous', 'intramuscular', 'intravenous');--> statement-breakpoint
CREATE TYPE "public"."drug_unit" AS ENUM('tablet', 'capsule', 'ml', 'pipette');--> statement-breakpoint
CREATE TYPE "public"."prescription_status" AS ENUM('active', 'stopped', 'completed');--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"drug_code" text NOT NULL,
	"drug_name" text NOT NULL,
	"strength_id" text NOT NULL,
	"strength_label" text NOT NULL,
	"strength_unit" "drug_unit" NOT NULL,
	"mg_per_unit" numeric(10, 3) NOT NULL,
	"dose_mg_per_kg" numeric(10, 3) NOT NULL,
	"weight_kg" numeric(6, 2) NOT NULL,
	"weight_measured_at" timestamp with time zone NOT NULL,
	"mg_per_dose" numeric(12, 3) NOT NULL,
	"units_per_dose" numeric(8, 2) NOT NULL,
	"amount_text" text NOT NULL,
	"frequency" "dose_frequency" NOT NULL,
	"route" "dose_route" NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date,
	"instructions" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"confirmed_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmation_reason" text,
	"status" "prescription_status" DEFAULT 'active' NOT NULL,
	"prescribed_by_vet_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by_vet_id" uuid,
	"stop_reason" text
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_prescribed_by_vet_id_vets_id_fk" FOREIGN KEY ("prescribed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_stopped_by_vet_id_vets_id_fk" FOREIGN KEY ("stopped_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescriptions_pet_created_idx" ON "prescriptions" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "prescriptions_pet_stopped_idx" ON "prescriptions" USING btree ("pet_id","stopped_at") WHERE stopped_at is not null;