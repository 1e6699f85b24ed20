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
ALTER TABLE "chains" ADD COLUMN "password_sign_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "via_provider" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_email_domains" ADD CONSTRAINT "chain_email_domains_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_sign_in_providers" ADD CONSTRAINT "chain_sign_in_providers_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_flows" ADD CONSTRAINT "sign_in_flows_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_flows" ADD CONSTRAINT "sign_in_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_email_domains_chain_idx" ON "chain_email_domains" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "sign_in_flows_expires_idx" ON "sign_in_flows" USING btree ("expires_at");