ALTER TABLE "email_outbox" ADD COLUMN "recipient_vet_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "pet_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;