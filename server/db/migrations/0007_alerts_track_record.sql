CREATE TABLE "notification_digests" (
	"user_uid" text NOT NULL,
	"country_id" integer NOT NULL,
	"session" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_uid_country_id_session_pk" PRIMARY KEY("user_uid","country_id","session")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_uid" text PRIMARY KEY NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"ticker_id" integer NOT NULL,
	"session" date NOT NULL,
	"changes" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_records" (
	"ticker_id" integer NOT NULL,
	"timeframe" smallint NOT NULL,
	"country_id" integer NOT NULL,
	"through" date,
	"last_signal" text,
	"entries" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_records_ticker_id_timeframe_pk" PRIMARY KEY("ticker_id","timeframe")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'nb' NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD COLUMN "alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_records" ADD CONSTRAINT "track_records_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_ticker_session_uq" ON "notifications" USING btree ("user_uid","ticker_id","session");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_uid","id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "track_records_market_idx" ON "track_records" USING btree ("country_id","timeframe");