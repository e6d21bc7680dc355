CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"pet_id" uuid,
	"cache_key" text,
	"uploaded_by_vet_id" uuid,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diets" ADD COLUMN "pdf_file_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_vet_id_vets_id_fk" FOREIGN KEY ("uploaded_by_vet_id") REFERENCES "public"."vets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_avatar_sha256_idx" ON "files" USING btree ("sha256") WHERE "files"."purpose" = 'avatar';--> statement-breakpoint
CREATE UNIQUE INDEX "files_cache_key_idx" ON "files" USING btree ("cache_key");--> statement-breakpoint
CREATE INDEX "files_pet_idx" ON "files" USING btree ("pet_id");--> statement-breakpoint
ALTER TABLE "diets" ADD CONSTRAINT "diets_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Images and PDFs are compressed already: kept uncompressed out of line, a ranged read (substring) fetches only its slice.
ALTER TABLE "files" ALTER COLUMN "content" SET STORAGE EXTERNAL;
