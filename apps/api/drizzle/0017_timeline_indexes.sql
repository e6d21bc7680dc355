CREATE INDEX "daily_statuses_pet_created_idx" ON "daily_statuses" USING btree ("pet_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "checkups_pet_answered_idx" ON "checkups" USING btree ("pet_id","answered_at") WHERE answered_at is not null;--> statement-breakpoint
CREATE INDEX "checkups_pet_reviewed_idx" ON "checkups" USING btree ("pet_id","reviewed_at") WHERE reviewed_at is not null;--> statement-breakpoint
CREATE INDEX "clinical_documents_pet_signed_idx" ON "clinical_documents" USING btree ("pet_id","kind","signed_at") WHERE signed_at is not null;--> statement-breakpoint
CREATE INDEX "diets_pet_published_idx" ON "diets" USING btree ("pet_id","published_at") WHERE published_at is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_pet_resolved_idx" ON "journal_entries" USING btree ("pet_id","resolved_at") WHERE resolved_at is not null;--> statement-breakpoint
CREATE INDEX "medical_records_pet_uploaded_idx" ON "medical_records" USING btree ("pet_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "pending_cards_pet_resolved_idx" ON "pending_cards" USING btree ("pet_id","resolved_at") WHERE resolved_at is not null;--> statement-breakpoint
CREATE INDEX "pet_questions_pet_asked_idx" ON "pet_questions" USING btree ("pet_id","asked_at");--> statement-breakpoint
CREATE INDEX "pet_questions_pet_sent_idx" ON "pet_questions" USING btree ("pet_id","sent_at") WHERE sent_at is not null;--> statement-breakpoint
CREATE INDEX "reminders_pet_done_idx" ON "reminders" USING btree ("pet_id","done_at") WHERE done_at is not null;