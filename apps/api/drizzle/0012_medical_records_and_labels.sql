CREATE TYPE "public"."medical_record_status" AS ENUM('pending', 'reviewed');--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by_vet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_record_labels" (
	"record_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	CONSTRAINT "medical_record_labels_record_id_label_id_pk" PRIMARY KEY("record_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "medical_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"title" text NOT NULL,
	"document_date" date NOT NULL,
	"file_id" uuid NOT NULL,
	"original_filename" text NOT NULL,
	"status" "medical_record_status" DEFAULT 'pending' NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_by_vet_id" uuid,
	"uploaded_at" timestamp with time zone NOT NULL,
	"reviewed_by_vet_id" uuid,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_labels" ADD CONSTRAINT "medical_record_labels_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_labels" ADD CONSTRAINT "medical_record_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_uploaded_by_vet_id_vets_id_fk" FOREIGN KEY ("uploaded_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_reviewed_by_vet_id_vets_id_fk" FOREIGN KEY ("reviewed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labels_name_idx" ON "labels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "medical_record_labels_label_idx" ON "medical_record_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "medical_records_inbox_idx" ON "medical_records" USING btree ("status","uploaded_at");--> statement-breakpoint
CREATE INDEX "medical_records_pet_idx" ON "medical_records" USING btree ("pet_id","document_date");