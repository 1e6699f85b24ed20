-- A region's, a store's and a technician's total sums their few tally rows; without these indexes
-- it read every row of order_tallies (the key's index leads with chain_id): 0.5 ms at 9,500 rows,
-- growing with the stores, on every list call of those roles.
CREATE INDEX "order_tallies_region_idx" ON "order_tallies" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "order_tallies_store_idx" ON "order_tallies" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "order_tallies_technician_idx" ON "order_tallies" USING btree ("technician_id");
