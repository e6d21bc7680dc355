CREATE TYPE "public"."pet_alert_kind" AS ENUM('will_bite', 'nervous', 'senior', 'contagious', 'do_not_sedate', 'other');--> statement-breakpoint
CREATE TABLE "pet_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"kind" "pet_alert_kind" NOT NULL,
	"text" text,
	"created_by_vet_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"removed_by_vet_id" uuid,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pet_alerts" ADD CONSTRAINT "pet_alerts_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_alerts" ADD CONSTRAINT "pet_alerts_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_alerts" ADD CONSTRAINT "pet_alerts_removed_by_vet_id_vets_id_fk" FOREIGN KEY ("removed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_alerts_pet_idx" ON "pet_alerts" USING btree ("pet_id","created_at") WHERE removed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pet_alerts_one_kind_idx" ON "pet_alerts" USING btree ("pet_id","kind") WHERE removed_at is null and kind <> 'other';