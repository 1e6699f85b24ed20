-- Order counts per technician (technician, status, approval status, recalled), beside the counts per
-- store of order_tallies (migration 0008): a technician's list total sums a dozen rows here instead of
-- thousands there. Kept exact in the writing transaction by statement triggers on `orders`, as
-- order_tallies is; orders without a technician are not counted here.
CREATE TABLE "order_technician_tallies" (
	"technician_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"approval_status" text NOT NULL,
	"recalled" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_technician_tallies_pkey" PRIMARY KEY("technician_id","status_id","approval_status","recalled")
);
--> statement-breakpoint
-- It served the technicians' totals (migration 0012); they read the table above now.
DROP INDEX "order_tallies_technician_idx";--> statement-breakpoint
-- As order_tallies_apply: the rows a statement inserted are added, those it deleted taken away, an
-- update does both and touches only the keys whose net change is not zero, and keys are upserted in
-- their order. The orders' triggers fire by name, so order_tallies is written first and this table
-- second by every statement: concurrent writers lock rows of the two in the same order.
CREATE FUNCTION "order_technician_tallies_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_technician_tallies AS t (technician_id, status_id, approval_status, recalled, n)
    SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL, count(*)
    FROM new_orders
    WHERE technician_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (technician_id, status_id, approval_status, recalled) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_technician_tallies AS t (technician_id, status_id, approval_status, recalled, n)
    SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -count(*)
    FROM old_orders
    WHERE technician_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (technician_id, status_id, approval_status, recalled) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_technician_tallies AS t (technician_id, status_id, approval_status, recalled, n)
    SELECT technician_id, status_id, approval_status, recalled, sum(d)
    FROM (
      SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL AS recalled, 1 AS d
      FROM new_orders
      UNION ALL
      SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -1
      FROM old_orders
    ) delta
    WHERE technician_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(d) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (technician_id, status_id, approval_status, recalled) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    DELETE FROM order_technician_tallies;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_technician_tally_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_technician_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_technician_tally_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_technician_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_technician_tally_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_technician_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_technician_tally_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_technician_tallies_apply"();--> statement-breakpoint
-- The triggers exist (CREATE TRIGGER keeps writers of orders out until the migration commits) before
-- the existing orders are counted, from order_tallies, which is exact: none is missed or counted twice.
INSERT INTO "order_technician_tallies" ("technician_id", "status_id", "approval_status", "recalled", "n")
SELECT "technician_id", "status_id", "approval_status", "recalled", sum("n")
FROM "order_tallies"
WHERE "technician_id" IS NOT NULL
GROUP BY 1, 2, 3, 4
HAVING sum("n") <> 0;
