CREATE INDEX "notifications_order_idx" ON "notifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chat_seen_order_idx" ON "chat_seen" USING btree ("order_id");