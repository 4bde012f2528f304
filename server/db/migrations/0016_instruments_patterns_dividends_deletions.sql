CREATE TABLE "deleted_accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dividends" (
	"ticker_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"pay_date" date,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dividends_ticker_id_ex_date_pk" PRIMARY KEY("ticker_id","ex_date")
);
--> statement-breakpoint
CREATE TABLE "user_instrument_prices" (
	"user_uid" text NOT NULL,
	"ticker_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(28, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_instrument_prices_user_uid_ticker_id_date_pk" PRIMARY KEY("user_uid","ticker_id","date")
);
--> statement-breakpoint
CREATE TABLE "income_settings" (
	"user_uid" text PRIMARY KEY NOT NULL,
	"holding_limit" double precision NOT NULL,
	"sector_limit" double precision NOT NULL,
	"currency_limit" double precision NOT NULL,
	"ex_date_alerts" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_snapshots" ADD COLUMN "patterns" jsonb;--> statement-breakpoint
ALTER TABLE "analysis_snapshots" ADD COLUMN "active_patterns" jsonb;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "in_universe" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "kind" text DEFAULT 'share' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "equity_share" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_instrument_prices" ADD CONSTRAINT "user_instrument_prices_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_instrument_prices" ADD CONSTRAINT "user_instrument_prices_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_settings" ADD CONSTRAINT "income_settings_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dividends_ex_date_idx" ON "dividends" USING btree ("ex_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tickers_instrument_isin_uq" ON "tickers" USING btree ("isin") WHERE "tickers"."in_universe" = false;