ALTER TABLE "orders" ADD COLUMN "repeat_of_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_repeat_of_id_orders_id_fk" FOREIGN KEY ("repeat_of_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_repeat_of_idx" ON "orders" USING btree ("repeat_of_id") WHERE "orders"."repeat_of_id" is not null;