ALTER TABLE "integrations" ADD COLUMN "scopes" text[] DEFAULT '{readings,owner_app}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "company_sku" text;