CREATE TABLE "asset_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"user_id" integer,
	"file_name" varchar(255),
	"total_imported" integer DEFAULT 0 NOT NULL,
	"total_failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"region_id" integer,
	"store_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"work_type_id" integer NOT NULL,
	"make" varchar(120),
	"model" varchar(120),
	"serial" varchar(120),
	"tag" varchar(40) NOT NULL,
	"installed_on" date,
	"warranty_until" date,
	"replacement_value_minor" integer,
	"status" varchar(16) DEFAULT 'in_service' NOT NULL,
	"notes" text,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_status_check" CHECK ("assets"."status" in ('in_service', 'out_of_service', 'retired'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "asset_id" integer;--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_imports_chain_idx" ON "asset_imports" USING btree ("chain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_tag_chain_key" ON "assets" USING btree ("tag","chain_id");--> statement-breakpoint
CREATE INDEX "assets_chain_idx" ON "assets" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "assets_region_idx" ON "assets" USING btree ("region_id","id");--> statement-breakpoint
CREATE INDEX "assets_store_idx" ON "assets" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "assets_work_type_idx" ON "assets" USING btree ("work_type_id");--> statement-breakpoint
CREATE INDEX "assets_search_trgm" ON "assets" USING gin (("name" || ' ' || "tag" || ' ' || coalesce("make", '') || ' ' || coalesce("model", '') || ' ' || coalesce("serial", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_asset_idx" ON "orders" USING btree ("asset_id","created_at") WHERE "orders"."asset_id" is not null;