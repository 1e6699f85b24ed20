CREATE TABLE "login_attempts" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
CREATE INDEX "login_attempts_window_idx" ON "login_attempts" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_session_id_access_tokens_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_session_idx" ON "access_tokens" USING btree ("session_id");--> statement-breakpoint
-- Download tokens issued before they belonged to a session cannot end with it: they had 60 s anyway.
DELETE FROM "access_tokens" WHERE "kind" = 'download';--> statement-breakpoint
-- File names stored before control and bidirectional-override characters were removed on upload.
UPDATE "order_documents" SET "name" = coalesce(nullif(regexp_replace("name", '[\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]', '', 'g'), ''), 'file')
  WHERE "name" ~ '[\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]';--> statement-breakpoint
UPDATE "category_files" SET "name" = coalesce(nullif(regexp_replace("name", '[\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]', '', 'g'), ''), 'file')
  WHERE "name" ~ '[\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]';
