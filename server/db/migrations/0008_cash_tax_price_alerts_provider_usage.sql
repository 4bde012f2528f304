CREATE TABLE "provider_usage" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_usage_day_provider_pk" PRIMARY KEY("day","provider")
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"ticker_id" integer NOT NULL,
	"direction" text NOT NULL,
	"price" double precision NOT NULL,
	"note" text,
	"triggered_at" timestamp with time zone,
	"triggered_session" date,
	"triggered_close" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ALTER COLUMN "ticker_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_snapshots" ADD COLUMN "early_warning" jsonb;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "withholding_tax" numeric(28, 10);--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "fx_rate" numeric(28, 10);--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "account_type" text DEFAULT 'ordinary' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_uid","id");--> statement-breakpoint
CREATE INDEX "price_alerts_armed_idx" ON "price_alerts" USING btree ("ticker_id") WHERE "price_alerts"."triggered_at" IS NULL;