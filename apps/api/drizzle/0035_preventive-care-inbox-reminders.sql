CREATE TYPE "public"."preventive_reminder_kind" AS ENUM('before_due', 'overdue');--> statement-breakpoint
CREATE TABLE "preventive_due_items" (
	"pet_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"due_on" date NOT NULL,
	"almost_due_on" date NOT NULL,
	"overdue_on" date NOT NULL,
	"last_given_on" date,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "preventive_due_items_pet_id_item_code_pk" PRIMARY KEY("pet_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "preventive_owner_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"due_on" date NOT NULL,
	"kind" "preventive_reminder_kind" NOT NULL,
	"sent_to" text NOT NULL,
	"email_id" uuid,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "preventive_not_applicable_pet_item_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_emails_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "preventive_not_applicable" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "preventive_not_applicable" ADD COLUMN "removed_by_vet_id" uuid;--> statement-breakpoint
ALTER TABLE "preventive_due_items" ADD CONSTRAINT "preventive_due_items_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventive_owner_reminders" ADD CONSTRAINT "preventive_owner_reminders_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventive_owner_reminders" ADD CONSTRAINT "preventive_owner_reminders_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preventive_due_items_almost_due_idx" ON "preventive_due_items" USING btree ("almost_due_on","pet_id");--> statement-breakpoint
CREATE INDEX "preventive_due_items_overdue_idx" ON "preventive_due_items" USING btree ("overdue_on","pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preventive_owner_reminders_once_uq" ON "preventive_owner_reminders" USING btree ("pet_id","item_code","due_on","kind");--> statement-breakpoint
CREATE INDEX "preventive_owner_reminders_pet_sent_idx" ON "preventive_owner_reminders" USING btree ("pet_id","sent_at");--> statement-breakpoint
ALTER TABLE "preventive_not_applicable" ADD CONSTRAINT "preventive_not_applicable_removed_by_vet_id_vets_id_fk" FOREIGN KEY ("removed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preventive_doses_pet_created_idx" ON "preventive_doses" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "preventive_not_applicable_pet_marked_idx" ON "preventive_not_applicable" USING btree ("pet_id","marked_at");--> statement-breakpoint
CREATE INDEX "preventive_not_applicable_pet_removed_idx" ON "preventive_not_applicable" USING btree ("pet_id","removed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "preventive_not_applicable_pet_item_uq" ON "preventive_not_applicable" USING btree ("pet_id","item_code") WHERE "preventive_not_applicable"."removed_at" is null;