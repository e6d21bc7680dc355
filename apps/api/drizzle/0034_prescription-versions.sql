ALTER TYPE "public"."prescription_status" ADD VALUE 'changed' BEFORE 'stopped';--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "previous_version_id" uuid;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "changed_by_vet_id" uuid;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "change_reason" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_previous_version_id_prescriptions_id_fk" FOREIGN KEY ("previous_version_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_changed_by_vet_id_vets_id_fk" FOREIGN KEY ("changed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescriptions_pet_changed_idx" ON "prescriptions" USING btree ("pet_id","changed_at") WHERE changed_at is not null;