CREATE TYPE "public"."pet_question_status" AS ENUM('open', 'answered');--> statement-breakpoint
CREATE TYPE "public"."weekly_report_status" AS ENUM('draft', 'reviewed', 'sent');--> statement-breakpoint
CREATE TABLE "pet_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"question" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"received_from_integration_id" uuid,
	"status" "pet_question_status" DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by_vet_id" uuid,
	"answered_at" timestamp with time zone,
	"sent_by_vet_id" uuid,
	"sent_at" timestamp with time zone,
	"answer_email_id" uuid
);
--> statement-breakpoint
CREATE TABLE "weekly_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"week" text NOT NULL,
	"week_start" date NOT NULL,
	"company_sku" text,
	"status" "weekly_report_status" DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"open_card_count" integer NOT NULL,
	"largest_change_percent" real,
	"vet_comment" text DEFAULT '' NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reviewed_by_vet_id" uuid,
	"reviewed_at" timestamp with time zone,
	"sent_by_vet_id" uuid,
	"sent_at" timestamp with time zone,
	"sent_email_id" uuid
);
--> statement-breakpoint
DROP INDEX "pending_cards_queue_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_questions" ADD CONSTRAINT "pet_questions_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_questions" ADD CONSTRAINT "pet_questions_received_from_integration_id_integrations_id_fk" FOREIGN KEY ("received_from_integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_questions" ADD CONSTRAINT "pet_questions_answered_by_vet_id_vets_id_fk" FOREIGN KEY ("answered_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_questions" ADD CONSTRAINT "pet_questions_sent_by_vet_id_vets_id_fk" FOREIGN KEY ("sent_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_questions" ADD CONSTRAINT "pet_questions_answer_email_id_email_outbox_id_fk" FOREIGN KEY ("answer_email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_reviewed_by_vet_id_vets_id_fk" FOREIGN KEY ("reviewed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_sent_by_vet_id_vets_id_fk" FOREIGN KEY ("sent_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_sent_email_id_email_outbox_id_fk" FOREIGN KEY ("sent_email_id") REFERENCES "public"."email_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_questions_pet_idx" ON "pet_questions" USING btree ("pet_id","status","asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_reports_pet_week_idx" ON "weekly_reports" USING btree ("pet_id","week");--> statement-breakpoint
CREATE INDEX "weekly_reports_inbox_idx" ON "weekly_reports" USING btree ("week","status");--> statement-breakpoint
CREATE INDEX "pending_cards_queue_idx" ON "pending_cards" USING btree ("severity" DESC NULLS FIRST,"opened_at","id") WHERE status = 'open';