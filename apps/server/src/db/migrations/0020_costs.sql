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
ALTER TABLE "chains" ADD COLUMN "country" varchar(2) DEFAULT 'SE' NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "currency" varchar(3) DEFAULT 'SEK' NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "vat_bp" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "hourly_rate_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "callout_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "nte_10_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "nte_20_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "nte_30_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "org_number" varchar(40);--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "peppol_id" varchar(80);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_limit_minor" integer;--> statement-breakpoint
ALTER TABLE "cost_lines" ADD CONSTRAINT "cost_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_lines" ADD CONSTRAINT "cost_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_costs" ADD CONSTRAINT "order_costs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_lines_order_idx" ON "cost_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_lines_visit_kind_unique" ON "cost_lines" USING btree ("visit_id","kind") WHERE "cost_lines"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_lines_order_idx" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_chain_idx" ON "invoices" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "order_costs_invoice_idx" ON "order_costs" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "quotes_order_idx" ON "quotes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_open_unique" ON "quotes" USING btree ("order_id") WHERE "quotes"."status" = 'submitted';--> statement-breakpoint
ALTER TABLE "chains" ADD CONSTRAINT "chains_country_check" CHECK ("chains"."country" in ('SE', 'FI'));--> statement-breakpoint
ALTER TABLE "chains" ADD CONSTRAINT "chains_currency_check" CHECK ("chains"."currency" in ('SEK', 'EUR'));--> statement-breakpoint
ALTER TABLE "chains" ADD CONSTRAINT "chains_vat_bp_check" CHECK ("chains"."vat_bp" between 0 and 10000);--> statement-breakpoint
-- Every order has its costs row from the start, its not-to-exceed limit from its chain's table for its
-- priority: one statement trigger, so a bulk insert (plans, imports) adds one insert per statement.
CREATE FUNCTION "order_costs_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_costs (order_id, nte_minor)
  SELECT o.id, CASE o.priority WHEN 10 THEN c.nte_10_minor WHEN 20 THEN c.nte_20_minor ELSE c.nte_30_minor END
  FROM new_orders o JOIN chains c ON c.id = o.chain_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_costs_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_costs_create"();--> statement-breakpoint
INSERT INTO order_costs (order_id, nte_minor) SELECT id, 0 FROM orders;--> statement-breakpoint
INSERT INTO invoice_numbers (id, last_number) VALUES (1, 0);--> statement-breakpoint
-- An issued invoice or credit note is never changed or removed: a credit note reverses it.
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are immutable once issued' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_no_change" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_no_change" BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
