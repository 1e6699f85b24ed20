CREATE TABLE "oncall_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" varchar(100) NOT NULL,
	"work_type_id" integer,
	"partner" varchar(255) NOT NULL,
	"phone" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_in_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"service_desk_phone" varchar(50) NOT NULL,
	CONSTRAINT "phone_in_settings_one_row" CHECK ("phone_in_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "city" varchar(100);--> statement-breakpoint
ALTER TABLE "oncall_lines" ADD CONSTRAINT "oncall_lines_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oncall_lines_city_work_type" ON "oncall_lines" USING btree (lower("city"),coalesce("work_type_id", 0));--> statement-breakpoint
-- A fresh install is never without a service desk number: the example one (a number reserved for fiction) until an administrator sets the real one.
INSERT INTO "phone_in_settings" ("id", "service_desk_phone") VALUES (1, '070-174 06 05') ON CONFLICT DO NOTHING;
