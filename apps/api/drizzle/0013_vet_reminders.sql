CREATE TYPE "public"."reminder_status" AS ENUM('open', 'done');--> statement-breakpoint
CREATE TABLE "reminder_digests" (
	"vet_id" uuid NOT NULL,
	"day" date NOT NULL,
	"email_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_digests_vet_id_day_pk" PRIMARY KEY("vet_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assignee_vet_id" uuid,
	"status" "reminder_status" DEFAULT 'open' NOT NULL,
	"pending_card_id" uuid,
	"created_by_vet_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"done_by_vet_id" uuid,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD CONSTRAINT "reminder_digests_vet_id_vets_id_fk" FOREIGN KEY ("vet_id") REFERENCES "public"."vets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD CONSTRAINT "reminder_digests_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_assignee_vet_id_vets_id_fk" FOREIGN KEY ("assignee_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_pending_card_id_pending_cards_id_fk" FOREIGN KEY ("pending_card_id") REFERENCES "public"."pending_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_done_by_vet_id_vets_id_fk" FOREIGN KEY ("done_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_open_due_idx" ON "reminders" USING btree ("due_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reminders_assignee_due_idx" ON "reminders" USING btree ("assignee_vet_id","due_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reminders_pet_idx" ON "reminders" USING btree ("pet_id","due_at");--> statement-breakpoint
CREATE INDEX "reminders_card_idx" ON "reminders" USING btree ("pending_card_id");