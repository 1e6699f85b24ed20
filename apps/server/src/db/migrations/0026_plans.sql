CREATE TABLE "plan_occurrences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"target_kind" varchar(8) NOT NULL,
	"target_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"asset_id" integer,
	"day" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"order_id" integer,
	"open_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_occurrences_status_check" CHECK ("plan_occurrences"."status" in ('generated', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "plan_targets" (
	"plan_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"asset_id" integer,
	CONSTRAINT "plan_targets_plan_id_target_id_pk" PRIMARY KEY("plan_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" text,
	"work_type_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"target_kind" varchar(8) NOT NULL,
	"freq" varchar(8) NOT NULL,
	"interval" integer NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"month_day" integer,
	"month" integer,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"lead_days" integer NOT NULL,
	"if_previous_open" varchar(8) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"generated_until" date NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_target_kind_check" CHECK ("plans"."target_kind" in ('stores', 'assets')),
	CONSTRAINT "plans_freq_check" CHECK ("plans"."freq" in ('weekly', 'monthly', 'yearly')),
	CONSTRAINT "plans_if_previous_open_check" CHECK ("plans"."if_previous_open" in ('skip', 'create'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_open_order_id_orders_id_fk" FOREIGN KEY ("open_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_targets" ADD CONSTRAINT "plan_targets_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_targets" ADD CONSTRAINT "plan_targets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_targets" ADD CONSTRAINT "plan_targets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_priority_priorities_id_fk" FOREIGN KEY ("priority") REFERENCES "public"."priorities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_key" ON "plan_occurrences" USING btree ("plan_id","target_kind","target_id","day");--> statement-breakpoint
CREATE INDEX "plan_occurrences_store_day_idx" ON "plan_occurrences" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "plan_occurrences_day_idx" ON "plan_occurrences" USING btree ("day");--> statement-breakpoint
CREATE INDEX "plan_occurrences_order_idx" ON "plan_occurrences" USING btree ("order_id") WHERE "plan_occurrences"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "plan_targets_store_idx" ON "plan_targets" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "plans_chain_idx" ON "plans" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "plans_due_idx" ON "plans" USING btree ("next_run_at") WHERE "plans"."active" and "plans"."next_run_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_plan_idx" ON "orders" USING btree ("plan_id") WHERE "orders"."plan_id" is not null;