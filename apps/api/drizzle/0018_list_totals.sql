CREATE TABLE "list_totals" (
	"list" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (keep at regeneration): the triggers that keep list_totals exact. Statement-level, so a
-- bulk insert of N rows is one update of the counter, not N; the counter row is locked until commit,
-- which serializes concurrent inserts into the same table (users are not inserted at a high rate).
CREATE FUNCTION "list_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "list_totals" SET "total" = 0 WHERE "list" = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    UPDATE "list_totals" SET "total" = "total" + delta WHERE "list" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_list_total_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_track"();
--> statement-breakpoint
CREATE TRIGGER "users_list_total_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_track"();
--> statement-breakpoint
CREATE TRIGGER "users_list_total_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_totals_track"();
--> statement-breakpoint
INSERT INTO "list_totals" ("list", "total") SELECT 'users', count(*) FROM "users";
