CREATE TYPE "public"."clinical_document_kind" AS ENUM('assessment', 'report');--> statement-breakpoint
CREATE TYPE "public"."clinical_document_status" AS ENUM('draft', 'signed');--> statement-breakpoint
CREATE TABLE "clinical_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid NOT NULL,
	"kind" "clinical_document_kind" NOT NULL,
	"root_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"previous_version_id" uuid,
	"amendment_reason" text,
	"status" "clinical_document_status" DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_by_vet_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by_vet_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"signed_by_vet_id" uuid,
	"signed_at" timestamp with time zone,
	"content_sha256" text
);
--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_previous_version_id_clinical_documents_id_fk" FOREIGN KEY ("previous_version_id") REFERENCES "public"."clinical_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_created_by_vet_id_vets_id_fk" FOREIGN KEY ("created_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_updated_by_vet_id_vets_id_fk" FOREIGN KEY ("updated_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_signed_by_vet_id_vets_id_fk" FOREIGN KEY ("signed_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_documents_pet_idx" ON "clinical_documents" USING btree ("pet_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "clinical_documents_root_idx" ON "clinical_documents" USING btree ("root_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_documents_previous_version_idx" ON "clinical_documents" USING btree ("previous_version_id");