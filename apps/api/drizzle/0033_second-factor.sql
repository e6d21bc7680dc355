CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vet_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factor_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"requirement" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_vet_id" uuid
);
--> statement-breakpoint
CREATE TABLE "totp_factors" (
	"vet_id" uuid PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"label" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_state" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "factors" text[] DEFAULT '{password}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_vet_id_vets_id_fk" FOREIGN KEY ("vet_id") REFERENCES "public"."vets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_settings" ADD CONSTRAINT "second_factor_settings_updated_by_vet_id_vets_id_fk" FOREIGN KEY ("updated_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_vet_id_vets_id_fk" FOREIGN KEY ("vet_id") REFERENCES "public"."vets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_vet_idx" ON "recovery_codes" USING btree ("vet_id","code_hash");--> statement-breakpoint
-- An installation upgraded with its vets keeps logging in as it did (a head vet turns the requirement on);
-- a new one, with no vet yet, has no row: head vets must set a factor up (issue #47).
INSERT INTO "second_factor_settings" ("id", "requirement") SELECT 1, 'none' WHERE EXISTS (SELECT 1 FROM "vets");
