CREATE TABLE "domain_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"pet_id" uuid,
	"company_sku" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
-- Mails left 'pending' by the old after-commit sender have no job to send them: say so rather than queue them silently.
UPDATE "email_outbox" SET "status" = 'failed', "error" = 'not sent: written before e-mail went through the job queue' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DEFAULT 'queued'::text;--> statement-breakpoint
DROP TYPE "public"."email_status";--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('queued', 'sent', 'failed', 'logged');--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DEFAULT 'queued'::"public"."email_status";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DATA TYPE "public"."email_status" USING "status"::"public"."email_status";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "domain_events_at_idx" ON "domain_events" USING btree ("at");