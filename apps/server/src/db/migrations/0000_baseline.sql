-- The schema as migrations 0000 to 0029 left it, in one step (decision 026): a new database starts
-- here; one that applied those 30 migrations skips it (same `when` in the journal as 0029). The
-- functions and triggers come from ../triggers.sql, applied after the migrations, except the two an
-- index is built on (below): they are part of the index, and changing one means a migration that
-- rebuilds orders_scope_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The trigrams of a text that are three ASCII letters or digits (decision 009), and each keyed by the
-- order's chain, region and technician ('c4:ven', 'r6:ven', 't15:ven') for the scoped search index.
-- search_path is fixed, so the index expression resolves show_trgm alike in every session, a
-- restore included.
CREATE FUNCTION search_trigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path TO 'public'
  AS $function$ select array(select g from unnest(show_trgm(t)) g where g ~ '^[a-z0-9]{3}$') $function$;--> statement-breakpoint
CREATE FUNCTION order_scope_trigrams(chain integer, region integer, technician integer, description text)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path TO 'public'
  AS $function$ select array(select k from unnest(search_trigrams(description)) g,
    lateral (values ('c' || chain || ':' || g), ('r' || region || ':' || g), ('t' || technician || ':' || g)) v(k)
    where k is not null) $function$;--> statement-breakpoint
CREATE SEQUENCE "public"."order_project_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"scopes" text[] NOT NULL,
	"chain_id" integer,
	"created_by" integer,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
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
CREATE TABLE "cost_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"description" varchar(500) NOT NULL,
	"quantity_milli" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"visit_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_lines_kind_check" CHECK ("cost_lines"."kind" in ('labour', 'callout', 'material', 'other'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"order_id" integer NOT NULL,
	"project_number" integer NOT NULL,
	"description" text NOT NULL,
	"completed_on" date,
	"net_minor" bigint NOT NULL,
	"vat_bp" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"credits_invoice_id" integer,
	"chain_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"language" varchar(2) NOT NULL,
	"buyer" jsonb NOT NULL,
	"vat_breakdown" jsonb NOT NULL,
	"net_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"lines_count" integer NOT NULL,
	"issued_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_credits_invoice_id_unique" UNIQUE("credits_invoice_id"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "order_costs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"nte_minor" integer NOT NULL,
	"labour_minor" bigint DEFAULT 0 NOT NULL,
	"callout_minor" bigint DEFAULT 0 NOT NULL,
	"material_minor" bigint DEFAULT 0 NOT NULL,
	"other_minor" bigint DEFAULT 0 NOT NULL,
	"quote_status" varchar(16),
	"invoice_id" integer
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'submitted' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"submitted_by" integer,
	"escalated" boolean DEFAULT false NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "category_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"uploaded_by" integer,
	"name" varchar(255) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"mime_type" varchar(120) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "file_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"category_name" varchar(255),
	"title" varchar(255) NOT NULL,
	"sub_title" varchar(255),
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_imports" (
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
CREATE TABLE "app_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"user_id" integer,
	"chain_id" integer,
	"region_id" integer,
	"store_id" integer,
	"technician_id" integer,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"to_email" varchar(255) NOT NULL,
	"locale" varchar(2) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_order_created" boolean DEFAULT true NOT NULL,
	"email_approval" boolean DEFAULT true NOT NULL,
	"email_assigned" boolean DEFAULT true NOT NULL,
	"email_status" boolean DEFAULT true NOT NULL,
	"email_message" boolean DEFAULT true NOT NULL,
	"locale" varchar(2) DEFAULT 'en' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"order_id" integer NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sender_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_seen" (
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"last_seen_message_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_seen_user_id_order_id_pk" PRIMARY KEY("user_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"uploaded_by" integer,
	"name" varchar(255) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"mime_type" varchar(120) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"field" varchar(40) NOT NULL,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"api_key_id" integer
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_number" integer DEFAULT nextval('order_project_number_seq') NOT NULL,
	"description" text NOT NULL,
	"work_type_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"region_id" integer,
	"store_id" integer NOT NULL,
	"created_by" integer,
	"approval_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"approval_status_date" timestamp with time zone,
	"status_id" integer NOT NULL,
	"technician_id" integer,
	"planned_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"parent_id" integer,
	"recall_order_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"asset_id" integer,
	"repeat_of_id" integer,
	"resolution" text,
	"plan_id" integer,
	CONSTRAINT "orders_project_number_unique" UNIQUE("project_number"),
	CONSTRAINT "orders_approval_status_check" CHECK ("orders"."approval_status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_name" varchar(255) NOT NULL,
	"phone" varchar(50) NOT NULL,
	"email" varchar(255) NOT NULL,
	"invoice_address" varchar(500) NOT NULL,
	"contact_person" varchar(255) NOT NULL,
	"has_region" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_sign_in" boolean DEFAULT true NOT NULL,
	"visit_radius_m" integer DEFAULT 500 NOT NULL,
	"country" varchar(2) DEFAULT 'SE' NOT NULL,
	"currency" varchar(3) DEFAULT 'SEK' NOT NULL,
	"vat_bp" integer DEFAULT 2500 NOT NULL,
	"hourly_rate_minor" integer DEFAULT 0 NOT NULL,
	"callout_fee_minor" integer DEFAULT 0 NOT NULL,
	"nte_10_minor" integer DEFAULT 0 NOT NULL,
	"nte_20_minor" integer DEFAULT 0 NOT NULL,
	"nte_30_minor" integer DEFAULT 0 NOT NULL,
	"org_number" varchar(40),
	"peppol_id" varchar(80),
	"vat_id" varchar(20),
	CONSTRAINT "chains_visit_radius_check" CHECK ("chains"."visit_radius_m" between 1 and 100000),
	CONSTRAINT "chains_country_check" CHECK ("chains"."country" in ('SE', 'FI')),
	CONSTRAINT "chains_currency_check" CHECK ("chains"."currency" in ('SEK', 'EUR')),
	CONSTRAINT "chains_vat_bp_check" CHECK ("chains"."vat_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"region_name" varchar(255) NOT NULL,
	"phone" varchar(50) NOT NULL,
	"email" varchar(255),
	"contact_person" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"region_id" integer,
	"store_name" varchar(255) NOT NULL,
	"phone" varchar(50) NOT NULL,
	"email" varchar(255),
	"invoice_address" varchar(500) NOT NULL,
	"contact_person" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"city" varchar(100),
	"lat" double precision,
	"lng" double precision,
	CONSTRAINT "stores_position_check" CHECK (("stores"."lat" is null) = ("stores"."lng" is null) and "stores"."lat" between -90 and 90 and "stores"."lng" between -180 and 180)
);
--> statement-breakpoint
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
CREATE TABLE "order_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_statuses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "priorities" (
	"id" integer PRIMARY KEY NOT NULL,
	"due_hours" integer NOT NULL,
	"title_en" varchar(120) NOT NULL,
	"title_sv" varchar(120) NOT NULL,
	"title_fi" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_type_translations" (
	"work_type_id" integer NOT NULL,
	"locale" varchar(2) NOT NULL,
	"title" varchar(120) NOT NULL,
	CONSTRAINT "work_type_translations_work_type_id_locale_pk" PRIMARY KEY("work_type_id","locale")
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"title" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "order_words" (
	"word_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "order_words_word_id_order_id_pk" PRIMARY KEY("word_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "search_word_counts" (
	"word_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_word_counts_word_id_shard_pk" PRIMARY KEY("word_id","shard")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" "bytea" NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_email_domains" (
	"domain" varchar(253) NOT NULL,
	"chain_id" integer NOT NULL,
	CONSTRAINT "chain_email_domains_domain_pk" PRIMARY KEY("domain")
);
--> statement-breakpoint
CREATE TABLE "chain_sign_in_providers" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" varchar(64),
	"handoff_hash" varchar(64),
	"browser_hash" varchar(64) NOT NULL,
	"chain_id" integer,
	"nonce" varchar(128),
	"code_verifier" varchar(128),
	"locale" varchar(2) NOT NULL,
	"user_id" integer,
	"error" varchar(64),
	"email" varchar(255),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_flows_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sign_in_flows_handoff_hash_unique" UNIQUE("handoff_hash")
);
--> statement-breakpoint
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
CREATE TABLE "order_technician_tallies" (
	"technician_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"approval_status" text NOT NULL,
	"recalled" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_technician_tallies_pkey" PRIMARY KEY("technician_id","status_id","approval_status","recalled")
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"kind" varchar(16) DEFAULT 'session' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" integer,
	"via_provider" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "user_chains" (
	"user_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	CONSTRAINT "user_chains_user_id_chain_id_pk" PRIMARY KEY("user_id","chain_id")
);
--> statement-breakpoint
CREATE TABLE "user_regions" (
	"user_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	CONSTRAINT "user_regions_user_id_region_id_pk" PRIMARY KEY("user_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "user_stores" (
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "user_stores_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"phone_no" varchar(50),
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approval_limit_minor" integer
);
--> statement-breakpoint
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
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" smallint,
	"error" varchar(200),
	"response" varchar(1000),
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"msg_id" varchar(40) NOT NULL,
	"type" varchar(32) NOT NULL,
	"order_id" integer,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status" smallint,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_messages_msg_id_unique" UNIQUE("msg_id")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"url" varchar(2048) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" varchar(16),
	"failing_since" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_lines" ADD CONSTRAINT "cost_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_lines" ADD CONSTRAINT "cost_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_costs" ADD CONSTRAINT "order_costs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_files" ADD CONSTRAINT "category_files_category_id_file_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."file_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_files" ADD CONSTRAINT "category_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_categories" ADD CONSTRAINT "file_categories_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_imports" ADD CONSTRAINT "store_imports_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_imports" ADD CONSTRAINT "store_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_seen" ADD CONSTRAINT "chat_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_seen" ADD CONSTRAINT "chat_seen_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_priority_priorities_id_fk" FOREIGN KEY ("priority") REFERENCES "public"."priorities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_id_order_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."order_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_id_orders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recall_order_id_orders_id_fk" FOREIGN KEY ("recall_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_repeat_of_id_orders_id_fk" FOREIGN KEY ("repeat_of_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oncall_lines" ADD CONSTRAINT "oncall_lines_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "work_type_translations" ADD CONSTRAINT "work_type_translations_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_email_domains" ADD CONSTRAINT "chain_email_domains_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_sign_in_providers" ADD CONSTRAINT "chain_sign_in_providers_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_flows" ADD CONSTRAINT "sign_in_flows_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_flows" ADD CONSTRAINT "sign_in_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_session_id_access_tokens_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_chains" ADD CONSTRAINT "user_chains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_chains" ADD CONSTRAINT "user_chains_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_regions" ADD CONSTRAINT "user_regions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_regions" ADD CONSTRAINT "user_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_chain_idx" ON "api_keys" USING btree ("chain_id") WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "asset_imports_chain_idx" ON "asset_imports" USING btree ("chain_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_tag_chain_key" ON "assets" USING btree ("tag","chain_id");--> statement-breakpoint
CREATE INDEX "assets_chain_idx" ON "assets" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "assets_region_idx" ON "assets" USING btree ("region_id","id");--> statement-breakpoint
CREATE INDEX "assets_store_idx" ON "assets" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "assets_work_type_idx" ON "assets" USING btree ("work_type_id");--> statement-breakpoint
CREATE INDEX "assets_search_trgm" ON "assets" USING gin (("name" || ' ' || "tag" || ' ' || coalesce("make", '') || ' ' || coalesce("model", '') || ' ' || coalesce("serial", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cost_lines_order_idx" ON "cost_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_lines_visit_kind_unique" ON "cost_lines" USING btree ("visit_id","kind") WHERE "cost_lines"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_lines_order_idx" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_chain_idx" ON "invoices" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "order_costs_invoice_idx" ON "order_costs" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "quotes_order_idx" ON "quotes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_open_unique" ON "quotes" USING btree ("order_id") WHERE "quotes"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "category_files_category_idx" ON "category_files" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "file_categories_chain_idx" ON "file_categories" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "store_imports_chain_idx" ON "store_imports" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "app_events_created_idx" ON "app_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_order_idx" ON "notifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chat_messages_order_idx" ON "chat_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "chat_seen_order_idx" ON "chat_seen" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_chain_pn_idx" ON "orders" USING btree ("chain_id","project_number");--> statement-breakpoint
CREATE INDEX "orders_region_pn_idx" ON "orders" USING btree ("region_id","project_number");--> statement-breakpoint
CREATE INDEX "orders_store_pn_idx" ON "orders" USING btree ("store_id","project_number");--> statement-breakpoint
CREATE INDEX "orders_technician_pn_idx" ON "orders" USING btree ("technician_id","project_number");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_due_at_idx" ON "orders" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "orders_chain_list_idx" ON "orders" USING btree ("chain_id","due_at","status_id","approval_status","work_type_id","priority","created_at","store_id","region_id","project_number","id");--> statement-breakpoint
CREATE INDEX "orders_region_list_idx" ON "orders" USING btree ("region_id","due_at","status_id","approval_status","work_type_id","priority","created_at","store_id","project_number","id");--> statement-breakpoint
CREATE INDEX "orders_chain_created_idx" ON "orders" USING btree ("chain_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_worktype_list_idx" ON "orders" USING btree ("work_type_id","approval_status","priority","id","status_id","project_number");--> statement-breakpoint
CREATE INDEX "orders_due_scope_idx" ON "orders" USING btree ("due_at","status_id","chain_id","region_id","store_id");--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at","status_id","chain_id","region_id","store_id") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_completion_time_idx" ON "orders" USING btree (("completed_at" - "created_at"),"status_id","chain_id","region_id","store_id","completed_at","created_at") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_undated_idx" ON "orders" USING btree ("status_id","chain_id","region_id","store_id") WHERE "orders"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_chain_completion_time_idx" ON "orders" USING btree ("chain_id",("completed_at" - "created_at"),"status_id","completed_at","created_at") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "orders_recall_idx" ON "orders" USING btree ("recall_order_id");--> statement-breakpoint
CREATE INDEX "orders_repeat_of_idx" ON "orders" USING btree ("repeat_of_id") WHERE "orders"."repeat_of_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_plan_idx" ON "orders" USING btree ("plan_id") WHERE "orders"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_asset_idx" ON "orders" USING btree ("asset_id","created_at") WHERE "orders"."asset_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_chain_description_trgm" ON "orders" USING gin ("chain_id","description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_scope_trgm" ON "orders" USING gin (order_scope_trigrams("chain_id", "region_id", "technician_id", "description"));--> statement-breakpoint
CREATE INDEX "chains_name_trgm" ON "chains" USING gin ("chain_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regions_chain_idx" ON "regions" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "stores_chain_idx" ON "stores" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "stores_region_idx" ON "stores" USING btree ("region_id","id");--> statement-breakpoint
CREATE INDEX "stores_name_trgm" ON "stores" USING gin ("store_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "oncall_lines_city_work_type" ON "oncall_lines" USING btree (lower("city"),coalesce("work_type_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "plan_occurrences_key" ON "plan_occurrences" USING btree ("plan_id","target_kind","target_id","day");--> statement-breakpoint
CREATE INDEX "plan_occurrences_store_day_idx" ON "plan_occurrences" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "plan_occurrences_day_idx" ON "plan_occurrences" USING btree ("day");--> statement-breakpoint
CREATE INDEX "plan_occurrences_order_idx" ON "plan_occurrences" USING btree ("order_id") WHERE "plan_occurrences"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "plan_occurrences_open_order_idx" ON "plan_occurrences" USING btree ("open_order_id") WHERE "plan_occurrences"."open_order_id" is not null;--> statement-breakpoint
CREATE INDEX "plan_targets_store_idx" ON "plan_targets" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "plans_chain_idx" ON "plans" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "plans_due_idx" ON "plans" USING btree ("next_run_at") WHERE "plans"."active" and "plans"."next_run_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_key" ON "search_words" USING btree ("key");--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chain_email_domains_chain_idx" ON "chain_email_domains" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "sign_in_flows_expires_idx" ON "sign_in_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "order_tallies_region_idx" ON "order_tallies" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "order_tallies_store_idx" ON "order_tallies" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_unique" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_tokens_session_idx" ON "access_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "login_attempts_window_idx" ON "login_attempts" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "user_chains_chain_idx" ON "user_chains" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "user_regions_region_idx" ON "user_regions" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "user_stores_store_idx" ON "user_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "site_visits_open_idx" ON "site_visits" USING btree ("order_id","technician_id") WHERE "site_visits"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "site_visits_order_idx" ON "site_visits" USING btree ("order_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "site_visits_technician_idx" ON "site_visits" USING btree ("technician_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "site_visits_open_since_idx" ON "site_visits" USING btree ("checked_in_at") WHERE "site_visits"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "site_visits_positioned_idx" ON "site_visits" USING btree ("checked_out_at") WHERE "site_visits"."lat" is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_at_idx" ON "webhook_attempts" USING btree ("attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "webhook_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_messages_webhook_idx" ON "webhook_messages" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_messages_created_idx" ON "webhook_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhooks_chain_idx" ON "webhooks" USING btree ("chain_id");--> statement-breakpoint
-- The rows a new database starts with: the service desk's number (the phone-in page) and the invoice counter.
INSERT INTO "phone_in_settings" ("id", "service_desk_phone") VALUES (1, '070-174 06 05');--> statement-breakpoint
INSERT INTO "invoice_numbers" ("id", "last_number") VALUES (1, 0);
