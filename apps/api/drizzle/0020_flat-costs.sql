ALTER TABLE "users" ADD COLUMN "pets_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "families_kind_idx" ON "families" USING btree ("family_kind");--> statement-breakpoint
CREATE INDEX "users_pets_count_idx" ON "users" USING btree ("pets_count","id");
--> statement-breakpoint
-- Hand-written (keep at regeneration): the triggers that keep users.pets_count equal to the number of
-- pets of the user's family, whoever writes (the seed's bulk inserts, fixtures, an operator's SQL).
-- A write recounts the families it touched rather than adding a delta, under one transaction-level
-- advisory lock taken by every write that moves a pet or a user between families: the recount runs
-- after the other writer's commit and sees its rows (READ COMMITTED takes a snapshot per statement),
-- so two writers cannot leave a stale count. One lock, not one per family: a bulk load touches more
-- families than the lock table holds, and pets change families far too rarely for it to queue.
CREATE FUNCTION "users_pets_count_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_advisory_xact_lock(4800048);
    UPDATE "users" SET "pets_count" = 0 WHERE "pets_count" <> 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "family_id") INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "family_id") INTO touched FROM old_rows;
  ELSE
    -- An edit that keeps the family (a rename, a microchip) recounts nothing and takes no lock.
    SELECT array_agg(DISTINCT f) INTO touched
      FROM old_rows o JOIN new_rows n ON n."id" = o."id",
        LATERAL (VALUES (o."family_id"), (n."family_id")) AS v(f)
      WHERE n."family_id" IS DISTINCT FROM o."family_id";
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(4800048);
  UPDATE "users" u SET "pets_count" = c.n
    FROM (
      SELECT f.id, (SELECT count(*)::int FROM "pets" p WHERE p."family_id" = f.id) AS n
      FROM unnest(touched) AS f(id)
    ) c
    WHERE u."family_id" = c.id AND u."pets_count" <> c.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_pets_count_pets_insert" AFTER INSERT ON "pets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "users_pets_count_recount"();
--> statement-breakpoint
CREATE TRIGGER "users_pets_count_pets_update" AFTER UPDATE ON "pets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "users_pets_count_recount"();
--> statement-breakpoint
CREATE TRIGGER "users_pets_count_pets_delete" AFTER DELETE ON "pets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "users_pets_count_recount"();
--> statement-breakpoint
CREATE TRIGGER "users_pets_count_pets_truncate" AFTER TRUNCATE ON "pets"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_pets_count_recount"();
--> statement-breakpoint
-- A user who joins, leaves or changes family gets their new family's count as the row is written.
CREATE FUNCTION "users_pets_count_of_family"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."family_id" IS NOT DISTINCT FROM OLD."family_id" THEN
    RETURN NEW;
  END IF;
  IF NEW."family_id" IS NULL THEN
    NEW."pets_count" := 0;
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(4800048);
  SELECT count(*)::int INTO NEW."pets_count" FROM "pets" WHERE "family_id" = NEW."family_id";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_pets_count_users_write" BEFORE INSERT OR UPDATE OF "family_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_pets_count_of_family"();
--> statement-breakpoint
UPDATE "users" u SET "pets_count" = (SELECT count(*)::int FROM "pets" p WHERE p."family_id" = u."family_id")
  WHERE u."family_id" IS NOT NULL;
