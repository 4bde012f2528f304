CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- custom:
-- Identity from the verified token only. Rows of tokens without an email used to store '': that is
-- "no email" now.
UPDATE "users" SET "email" = NULL WHERE btrim("email") = '';
--> statement-breakpoint
-- Case-insensitive duplicates could exist (user/create used to take a request body's email). Which
-- row an address truly belongs to cannot be told here, so none of them keeps it: each gets its
-- token's email back on its next user/create when that is free, and the user CLIs take the uid.
UPDATE "users" SET "email" = NULL
WHERE lower("email") IN (
  SELECT lower("email") FROM "users" WHERE "email" IS NOT NULL GROUP BY lower("email") HAVING count(*) > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email")) WHERE "email" IS NOT NULL;
