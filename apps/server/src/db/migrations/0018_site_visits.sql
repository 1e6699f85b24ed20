CREATE TABLE "site_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"technician_id" integer,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_out_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"accuracy_m" integer,
	"distance_m" integer,
	"outcome" varchar(16),
	"note" text,
	"off_site" boolean DEFAULT false NOT NULL,
	"no_position" boolean DEFAULT false NOT NULL,
	"late_check_in" boolean DEFAULT false NOT NULL,
	"late_check_out" boolean DEFAULT false NOT NULL,
	"auto_closed" boolean DEFAULT false NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"position_erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_visits_times_check" CHECK ("site_visits"."checked_out_at" is null or "site_visits"."checked_out_at" >= "site_visits"."checked_in_at"),
	CONSTRAINT "site_visits_outcome_check" CHECK ("site_visits"."outcome" is null or "site_visits"."outcome" in ('done', 'follow_up', 'parts', 'quote'))
);
--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "visit_radius_m" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_visits_open_idx" ON "site_visits" USING btree ("order_id","technician_id") WHERE "site_visits"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "site_visits_order_idx" ON "site_visits" USING btree ("order_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "site_visits_technician_idx" ON "site_visits" USING btree ("technician_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "site_visits_open_since_idx" ON "site_visits" USING btree ("checked_in_at") WHERE "site_visits"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "site_visits_positioned_idx" ON "site_visits" USING btree ("checked_out_at") WHERE "site_visits"."lat" is not null;--> statement-breakpoint
ALTER TABLE "chains" ADD CONSTRAINT "chains_visit_radius_check" CHECK ("chains"."visit_radius_m" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_position_check" CHECK (("stores"."lat" is null) = ("stores"."lng" is null) and "stores"."lat" between -90 and 90 and "stores"."lng" between -180 and 180);