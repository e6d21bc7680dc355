CREATE TABLE "journal_entry_replies" (
	"entry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"reply" text NOT NULL,
	"replied_by_vet_id" uuid,
	"replied_at" timestamp with time zone NOT NULL,
	"email_id" uuid,
	CONSTRAINT "journal_entry_replies_entry_id_position_pk" PRIMARY KEY("entry_id","position")
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_replied_by_vet_id_vets_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_reply_email_id_email_outbox_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_entry_replies" ADD CONSTRAINT "journal_entry_replies_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_replies" ADD CONSTRAINT "journal_entry_replies_replied_by_vet_id_vets_id_fk" FOREIGN KEY ("replied_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_replies" ADD CONSTRAINT "journal_entry_replies_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Today's single reply becomes the first of each entry's thread, with its author, time and e-mail.
INSERT INTO "journal_entry_replies" ("entry_id", "position", "reply", "replied_by_vet_id", "replied_at", "email_id")
SELECT "id", 0, "vet_reply", "replied_by_vet_id", coalesce("replied_at", "seen_at", "received_at"), "reply_email_id"
FROM "journal_entries" WHERE "vet_reply" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" DROP COLUMN "vet_reply";--> statement-breakpoint
ALTER TABLE "journal_entries" DROP COLUMN "replied_by_vet_id";--> statement-breakpoint
ALTER TABLE "journal_entries" DROP COLUMN "replied_at";--> statement-breakpoint
ALTER TABLE "journal_entries" DROP COLUMN "reply_email_id";