ALTER TABLE "diets" ADD COLUMN "acknowledged_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "diets" ADD COLUMN "acknowledgement_reason" text;