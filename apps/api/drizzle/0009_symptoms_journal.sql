CREATE TYPE "public"."journal_category" AS ENUM('vomiting', 'diarrhoea', 'coughing', 'itching', 'lethargy', 'appetite', 'breathing', 'other');--> statement-breakpoint
CREATE TYPE "public"."journal_status" AS ENUM('new', 'seen', 'resolved');--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"category" "journal_category" NOT NULL,
	"severity" smallint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"received_from_integration_id" uuid,
	"status" "journal_status" DEFAULT 'new' NOT NULL,
	"seen_by_vet_id" uuid,
	"seen_at" timestamp with time zone,
	"vet_reply" text,
	"replied_by_vet_id" uuid,
	"replied_at" timestamp with time zone,
	"reply_email_id" uuid,
	"resolved_by_vet_id" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_entry_photos" (
	"entry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "journal_entry_photos_entry_id_position_pk" PRIMARY KEY("entry_id","position")
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_received_from_integration_id_integrations_id_fk" FOREIGN KEY ("received_from_integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_seen_by_vet_id_vets_id_fk" FOREIGN KEY ("seen_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_replied_by_vet_id_vets_id_fk" FOREIGN KEY ("replied_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reply_email_id_email_outbox_id_fk" FOREIGN KEY ("reply_email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_resolved_by_vet_id_vets_id_fk" FOREIGN KEY ("resolved_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_photos" ADD CONSTRAINT "journal_entry_photos_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_photos" ADD CONSTRAINT "journal_entry_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_inbox_idx" ON "journal_entries" USING btree ("status","severity","occurred_at");--> statement-breakpoint
CREATE INDEX "journal_entries_pet_idx" ON "journal_entries" USING btree ("pet_id","occurred_at");