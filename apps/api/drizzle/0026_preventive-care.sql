CREATE TABLE "preventive_doses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"product" text NOT NULL,
	"batch" text DEFAULT '' NOT NULL,
	"given_on" date NOT NULL,
	"given_at" text DEFAULT '' NOT NULL,
	"given_by" text DEFAULT '' NOT NULL,
	"recorded_by_vet_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preventive_not_applicable" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"reason" text NOT NULL,
	"marked_by_vet_id" uuid,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preventive_doses" ADD CONSTRAINT "preventive_doses_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventive_doses" ADD CONSTRAINT "preventive_doses_recorded_by_vet_id_vets_id_fk" FOREIGN KEY ("recorded_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventive_not_applicable" ADD CONSTRAINT "preventive_not_applicable_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventive_not_applicable" ADD CONSTRAINT "preventive_not_applicable_marked_by_vet_id_vets_id_fk" FOREIGN KEY ("marked_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preventive_doses_pet_item_given_idx" ON "preventive_doses" USING btree ("pet_id","item_code","given_on");--> statement-breakpoint
CREATE UNIQUE INDEX "preventive_not_applicable_pet_item_uq" ON "preventive_not_applicable" USING btree ("pet_id","item_code");