CREATE TYPE "public"."reading_kind" AS ENUM('respiratory_rate', 'heart_rate', 'shaking', 'drinking');--> statement-breakpoint
CREATE TYPE "public"."reading_source" AS ENUM('app', 'tracker');--> statement-breakpoint
CREATE TYPE "public"."weight_author" AS ENUM('user', 'vet');--> statement-breakpoint
CREATE TYPE "public"."weight_location" AS ENUM('home', 'vet');--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "respiratory_thresholds" (
	"pet_id" uuid PRIMARY KEY NOT NULL,
	"low" real NOT NULL,
	"high" real NOT NULL,
	"high_orange" real NOT NULL,
	"high_red" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_vet_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tracker_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"kind" "reading_kind" NOT NULL,
	"value" real NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"source" "reading_source" NOT NULL,
	"integration_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_rollups_30m" (
	"pet_id" uuid NOT NULL,
	"kind" "reading_kind" NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	CONSTRAINT "tracker_rollups_30m_pet_id_kind_bucket_start_pk" PRIMARY KEY("pet_id","kind","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "tracker_rollups_daily" (
	"pet_id" uuid NOT NULL,
	"kind" "reading_kind" NOT NULL,
	"local_date" date NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	CONSTRAINT "tracker_rollups_daily_pet_id_kind_local_date_pk" PRIMARY KEY("pet_id","kind","local_date")
);
--> statement-breakpoint
CREATE TABLE "weight_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"value_kg" numeric(6, 2) NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"location" "weight_location" NOT NULL,
	"author" "weight_author" NOT NULL,
	"author_vet_id" uuid,
	"author_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "respiratory_thresholds" ADD CONSTRAINT "respiratory_thresholds_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respiratory_thresholds" ADD CONSTRAINT "respiratory_thresholds_updated_by_vet_id_vets_id_fk" FOREIGN KEY ("updated_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_readings" ADD CONSTRAINT "tracker_readings_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_author_vet_id_vets_id_fk" FOREIGN KEY ("author_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_token_hash_key" ON "integrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "integrations_name_idx" ON "integrations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tracker_readings_pet_kind_time_idx" ON "tracker_readings" USING btree ("pet_id","kind","measured_at");--> statement-breakpoint
CREATE INDEX "weight_entries_pet_time_idx" ON "weight_entries" USING btree ("pet_id","measured_at");