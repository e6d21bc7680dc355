ALTER TABLE "pending_cards" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD COLUMN "reopened_by_vet_id" uuid;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD COLUMN "reopen_reason" text;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD CONSTRAINT "pending_cards_reopened_by_vet_id_vets_id_fk" FOREIGN KEY ("reopened_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;