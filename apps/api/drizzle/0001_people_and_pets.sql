-- Trigram indexes serve list search and the global search (issue #3).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."beta_feature" AS ENUM('collar_v2', 'ai_triage', 'diet_planner', 'heart_rate', 'weekly_reports');--> statement-breakpoint
CREATE TYPE "public"."species" AS ENUM('dog', 'cat');--> statement-breakpoint
CREATE TYPE "public"."company_kind" AS ENUM('insurer', 'breeder', 'kennel', 'daycare', 'shelter', 'other');--> statement-breakpoint
CREATE TYPE "public"."family_kind" AS ENUM('internal', 'paid', 'beta', 'b2b', 'unspecified');--> statement-breakpoint
CREATE TYPE "public"."activity_level" AS ENUM('low', 'moderate', 'high');--> statement-breakpoint
CREATE TYPE "public"."pet_sex" AS ENUM('male', 'female', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."subscription_plan" AS ENUM('monthly', 'yearly', 'b2b');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('trialing', 'active', 'past_due', 'cancelled');--> statement-breakpoint
CREATE TABLE "beta_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"feature" "beta_feature" NOT NULL,
	"notes" text,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enrolled_by_vet_id" uuid
);
--> statement-breakpoint
CREATE TABLE "breeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"species" "species" NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "company_kind" DEFAULT 'other' NOT NULL,
	"daily_status_emails" text[] DEFAULT '{}' NOT NULL,
	"urgent_report_emails" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_kind" "family_kind" DEFAULT 'unspecified' NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_health_profiles" (
	"pet_id" uuid PRIMARY KEY NOT NULL,
	"conditions" text[] DEFAULT '{}' NOT NULL,
	"allergies" text[] DEFAULT '{}' NOT NULL,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activity_level" "activity_level",
	"body_condition_score" smallint,
	"weight_kg" numeric(6, 2),
	"target_weight_kg" numeric(6, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_vet_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"species" "species" NOT NULL,
	"breed_id" uuid,
	"sex" "pet_sex" DEFAULT 'unknown' NOT NULL,
	"birth_date" date,
	"neutered" boolean,
	"image_url" text,
	"microchip" text,
	"family_id" uuid NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("pets"."name")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" "subscription_plan" NOT NULL,
	"status" "subscription_status" NOT NULL,
	"started_on" date NOT NULL,
	"renews_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"user_type" smallint NOT NULL,
	"b2b_code" text,
	"family_id" uuid,
	"city" text,
	"country" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."email")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("vets"."first_name" || ' ' || "vets"."last_name" || ' ' || "vets"."email")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "beta_users" ADD CONSTRAINT "beta_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_users" ADD CONSTRAINT "beta_users_enrolled_by_vet_id_vets_id_fk" FOREIGN KEY ("enrolled_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_health_profiles" ADD CONSTRAINT "pet_health_profiles_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_health_profiles" ADD CONSTRAINT "pet_health_profiles_updated_by_vet_id_vets_id_fk" FOREIGN KEY ("updated_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_breed_id_breeds_id_fk" FOREIGN KEY ("breed_id") REFERENCES "public"."breeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_b2b_code_companies_sku_fk" FOREIGN KEY ("b2b_code") REFERENCES "public"."companies"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beta_users_user_feature_key" ON "beta_users" USING btree ("user_id","feature");--> statement-breakpoint
CREATE INDEX "beta_users_enrolled_idx" ON "beta_users" USING btree ("enrolled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "breeds_species_name_key" ON "breeds" USING btree ("species","name");--> statement-breakpoint
CREATE INDEX "families_owner_idx" ON "families" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "pets_family_idx" ON "pets" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pets_microchip_key" ON "pets" USING btree ("microchip");--> statement-breakpoint
CREATE INDEX "pets_microchip_prefix_idx" ON "pets" USING btree ("microchip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pets_search_trgm_idx" ON "pets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","started_on");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status","started_on");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type","created_at");--> statement-breakpoint
CREATE INDEX "users_family_idx" ON "users" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "users_b2b_code_idx" ON "users" USING btree ("b2b_code");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Vets created before companies existed keep their company: it is created from the sku, never dropped.
INSERT INTO "companies" ("sku", "name") SELECT DISTINCT "company_sku", "company_sku" FROM "vets" WHERE "company_sku" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "vets" ADD CONSTRAINT "vets_company_sku_companies_sku_fk" FOREIGN KEY ("company_sku") REFERENCES "public"."companies"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vets_company_idx" ON "vets" USING btree ("company_sku");--> statement-breakpoint
CREATE INDEX "vets_search_trgm_idx" ON "vets" USING gin ("search_text" gin_trgm_ops);