CREATE TYPE "public"."amount_unit" AS ENUM('g', 'kg', 'oz', 'lbs', 'ml', 'mg', 'mcg');--> statement-breakpoint
CREATE TYPE "public"."diet_kind" AS ENUM('maintenance', 'weight_loss', 'weight_gain', 'renal', 'hepatic', 'gastrointestinal', 'hypoallergenic', 'cardiac', 'other');--> statement-breakpoint
CREATE TYPE "public"."diet_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."ingredient_category" AS ENUM('meat', 'fish', 'egg', 'dairy', 'grain', 'legume', 'vegetable', 'fruit', 'oil', 'supplement');--> statement-breakpoint
CREATE TYPE "public"."nutrient_profile_kind" AS ENUM('fediaf_adult', 'fediaf_growth', 'aafco_adult', 'aafco_growth');--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diet_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"kind" "diet_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_vet_id" uuid,
	"current_diet_id" uuid,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "diet_ingredients" (
	"diet_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"amount" numeric(12, 4) NOT NULL,
	"unit" "amount_unit" NOT NULL,
	CONSTRAINT "diet_ingredients_diet_id_position_pk" PRIMARY KEY("diet_id","position")
);
--> statement-breakpoint
CREATE TABLE "diets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"diet_plan_id" uuid,
	"kind" "diet_kind" NOT NULL,
	"nutrient_profile_kind" "nutrient_profile_kind" NOT NULL,
	"status" "diet_status" DEFAULT 'draft' NOT NULL,
	"formulated_on" date,
	"next_assessment_on" date,
	"meals_per_day" smallint DEFAULT 2 NOT NULL,
	"feeding_instructions" text DEFAULT '' NOT NULL,
	"copied_from_id" uuid,
	"created_by_vet_id" uuid,
	"published_at" timestamp with time zone,
	"published_by_vet_id" uuid,
	"pdf_generated_at" timestamp with time zone,
	"pdf_path" text,
	"pdf_source_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" "ingredient_category" NOT NULL,
	"kcal_per_100g" real NOT NULL,
	"nutrients" jsonb NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "ingredients_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "diet_plans" ADD CONSTRAINT "diet_plans_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_plans" ADD CONSTRAINT "diet_plans_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_plans" ADD CONSTRAINT "diet_plans_current_diet_id_diets_id_fk" FOREIGN KEY ("current_diet_id") REFERENCES "public"."diets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_ingredients" ADD CONSTRAINT "diet_ingredients_diet_id_diets_id_fk" FOREIGN KEY ("diet_id") REFERENCES "public"."diets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_ingredients" ADD CONSTRAINT "diet_ingredients_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_diet_plan_id_diet_plans_id_fk" FOREIGN KEY ("diet_plan_id") REFERENCES "public"."diet_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_copied_from_id_diets_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."diets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_published_by_vet_id_vets_id_fk" FOREIGN KEY ("published_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diet_plans_pet_idx" ON "diet_plans" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diet_plans_one_open_per_pet_key" ON "diet_plans" USING btree ("pet_id") WHERE "diet_plans"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "diets_pet_created_idx" ON "diets" USING btree ("pet_id","created_at");