-- Order counts per (chain, region, store, technician, status, approval status, recalled), kept exact in the
-- writing transaction by the statement triggers below: the dashboard (and list totals) read these
-- few thousand rows instead of counting a million orders. `recalled` = recall_order_id is not null.
CREATE TABLE "order_tallies" (
	"chain_id" integer NOT NULL,
	"region_id" integer,
	"store_id" integer NOT NULL,
	"technician_id" integer,
	"status_id" integer NOT NULL,
	"approval_status" text NOT NULL,
	"recalled" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_tallies_key" UNIQUE NULLS NOT DISTINCT("chain_id","region_id","store_id","technician_id","status_id","approval_status","recalled")
);
--> statement-breakpoint
-- Open orders not yet due (overdue = open - these): a short range at the top of due_at, index-only.
CREATE INDEX "orders_due_scope_idx" ON "orders" USING btree ("due_at","status_id","chain_id","region_id","store_id");--> statement-breakpoint
-- Completed orders by completion time (the weekly completed counts), index-only.
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at","status_id","chain_id","region_id","store_id") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
-- Completed orders in order of their time to complete (the median: the middle one or two), overall
-- and per chain; completed_at and created_at are there so that the scan is index-only.
CREATE INDEX "orders_completion_time_idx" ON "orders" USING btree (("completed_at" - "created_at"),"status_id","chain_id","region_id","store_id","completed_at","created_at") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
-- Completed orders without a completion time (an editor may clear it): the median's count is the
-- completed orders of the tallies minus these, none as a rule.
CREATE INDEX "orders_undated_idx" ON "orders" USING btree ("status_id","chain_id","region_id","store_id") WHERE "orders"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_chain_completion_time_idx" ON "orders" USING btree ("chain_id",("completed_at" - "created_at"),"status_id","completed_at","created_at") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
-- Adds the rows a statement inserted and takes away those it deleted; an update does both, so an
-- order moving from one key to another moves its count. Keys whose net change is zero (an update of
-- other columns) are not touched, so such writes do not wait on each other here; the rest are
-- upserted in key order, so concurrent writers lock tally rows in the same order.
CREATE FUNCTION "order_tallies_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_tallies AS t (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, n)
    SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL, count(*)
    FROM new_orders
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled)
      DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_tallies AS t (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, n)
    SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -count(*)
    FROM old_orders
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled)
      DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO order_tallies AS t (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, n)
    SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, sum(d)
    FROM (
      SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL AS recalled, 1 AS d
      FROM new_orders
      UNION ALL
      SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -1
      FROM old_orders
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled)
      DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_tally_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_tally_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_tally_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_tallies_apply"();--> statement-breakpoint
CREATE FUNCTION "order_tallies_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_tallies;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_tally_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_tallies_truncate"();--> statement-breakpoint
-- The triggers exist (and CREATE TRIGGER holds a lock that keeps writers out until the migration
-- commits) before the existing orders are counted: none is missed or counted twice.
INSERT INTO "order_tallies" ("chain_id", "region_id", "store_id", "technician_id", "status_id", "approval_status", "recalled", "n")
SELECT "chain_id", "region_id", "store_id", "technician_id", "status_id", "approval_status", "recall_order_id" IS NOT NULL, count(*)
FROM "orders"
GROUP BY 1, 2, 3, 4, 5, 6, 7;
