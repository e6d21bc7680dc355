CREATE TABLE "tracker_coverage_days" (
	"pet_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"half_hours" bigint NOT NULL,
	CONSTRAINT "tracker_coverage_days_pet_id_day_pk" PRIMARY KEY("pet_id","day")
);

--> statement-breakpoint
-- ===== HAND-WRITTEN (issue #13, keep when regenerating): drizzle cannot declare INCLUDE. =====
-- The half-hour rollup's key carries the bucket's figures, so a chart's buckets are an index-only
-- scan in key order, not heap rows scattered by ingestion (trackers.table.ts).
ALTER TABLE "tracker_rollups_30m" DROP CONSTRAINT "tracker_rollups_30m_pet_id_kind_bucket_start_pk";--> statement-breakpoint
ALTER TABLE "tracker_rollups_30m" ADD CONSTRAINT "tracker_rollups_30m_pet_id_kind_bucket_start_pk" PRIMARY KEY ("pet_id","kind","bucket_start") INCLUDE ("count","sum","min","max");--> statement-breakpoint
ALTER TABLE "tracker_coverage_days" DROP CONSTRAINT "tracker_coverage_days_pet_id_day_pk";--> statement-breakpoint
ALTER TABLE "tracker_coverage_days" ADD CONSTRAINT "tracker_coverage_days_pet_id_day_pk" PRIMARY KEY ("pet_id","day") INCLUDE ("half_hours");--> statement-breakpoint
-- The coverage bits of the readings already rolled up (ingestion and rebuildRollups keep them after).
INSERT INTO "tracker_coverage_days" ("pet_id", "day", "half_hours")
SELECT "pet_id", date_bin('1 day', "bucket_start", timestamptz '2000-01-01 00:00:00+00'),
       bit_or(1::int8 << (extract(epoch from "bucket_start" - date_bin('1 day', "bucket_start", timestamptz '2000-01-01 00:00:00+00')) / 1800)::int)
FROM "tracker_rollups_30m"
GROUP BY 1, 2;
-- ===== END HAND-WRITTEN =====
