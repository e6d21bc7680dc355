CREATE TYPE "public"."pending_card_concern" AS ENUM('respiratory', 'weight', 'checkup', 'journal', 'collar_data');--> statement-breakpoint
CREATE TYPE "public"."pending_card_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TABLE "pending_card_consumed_events" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_card_triggers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"severity" smallint NOT NULL,
	"value" real,
	"threshold" real,
	"unit" text,
	"detail" text,
	"source_entity" text,
	"source_id" text,
	"at" timestamp with time zone NOT NULL,
	"dedupe_key" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_vet_id" uuid,
	"resolution_note" text
);
--> statement-breakpoint
CREATE TABLE "pending_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"concern" "pending_card_concern" NOT NULL,
	"severity" smallint NOT NULL,
	"status" "pending_card_status" DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_trigger_at" timestamp with time zone NOT NULL,
	"trigger_count" integer DEFAULT 0 NOT NULL,
	"open_trigger_count" integer DEFAULT 0 NOT NULL,
	"claimed_by_vet_id" uuid,
	"claimed_at" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	"snoozed_by_vet_id" uuid,
	"snooze_reason" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_vet_id" uuid,
	"resolution_note" text
);
--> statement-breakpoint
ALTER TABLE "pending_card_triggers" ADD CONSTRAINT "pending_card_triggers_card_id_pending_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pending_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_card_triggers" ADD CONSTRAINT "pending_card_triggers_resolved_by_vet_id_vets_id_fk" FOREIGN KEY ("resolved_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD CONSTRAINT "pending_cards_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD CONSTRAINT "pending_cards_claimed_by_vet_id_vets_id_fk" FOREIGN KEY ("claimed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD CONSTRAINT "pending_cards_snoozed_by_vet_id_vets_id_fk" FOREIGN KEY ("snoozed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_cards" ADD CONSTRAINT "pending_cards_resolved_by_vet_id_vets_id_fk" FOREIGN KEY ("resolved_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_card_triggers_open_key_idx" ON "pending_card_triggers" USING btree ("card_id","dedupe_key") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "pending_card_triggers_card_idx" ON "pending_card_triggers" USING btree ("card_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_cards_one_open_idx" ON "pending_cards" USING btree ("pet_id","concern") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "pending_cards_queue_idx" ON "pending_cards" USING btree ("severity" DESC NULLS LAST,"opened_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "pending_cards_pet_idx" ON "pending_cards" USING btree ("pet_id","opened_at");