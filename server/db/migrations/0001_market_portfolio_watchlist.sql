CREATE TABLE "analysis_snapshots" (
	"ticker_id" integer NOT NULL,
	"timeframe" smallint NOT NULL,
	"date" date NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"country_id" integer NOT NULL,
	"is_index" boolean DEFAULT false NOT NULL,
	"close" double precision NOT NULL,
	"change_pct" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"technical_score" double precision NOT NULL,
	"signal" text NOT NULL,
	"previous_signal" text,
	"overall_score" double precision NOT NULL,
	"trend_score" double precision NOT NULL,
	"support_resistance_score" double precision NOT NULL,
	"momentum_score" double precision NOT NULL,
	"volume_score" double precision NOT NULL,
	"rsi" double precision NOT NULL,
	"volbal_5" double precision NOT NULL,
	"volbal_22" double precision NOT NULL,
	"volbal_66" double precision NOT NULL,
	"volatility_pct" double precision NOT NULL,
	"volatility_risk" smallint NOT NULL,
	"turnover_avg_66" double precision NOT NULL,
	"liquidity_risk" smallint NOT NULL,
	"trend" jsonb NOT NULL,
	"supports" jsonb NOT NULL,
	"resistances" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_snapshots_ticker_id_timeframe_date_pk" PRIMARY KEY("ticker_id","timeframe","date")
);
--> statement-breakpoint
CREATE TABLE "daily_bars" (
	"ticker_id" integer NOT NULL,
	"date" date NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	CONSTRAINT "daily_bars_ticker_id_date_pk" PRIMARY KEY("ticker_id","date")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"pair" text NOT NULL,
	"date" date NOT NULL,
	"rate" double precision NOT NULL,
	CONSTRAINT "fx_rates_pair_date_pk" PRIMARY KEY("pair","date")
);
--> statement-breakpoint
CREATE TABLE "index_members" (
	"index_ticker_id" integer NOT NULL,
	"member_ticker_id" integer NOT NULL,
	CONSTRAINT "index_members_index_ticker_id_member_ticker_id_pk" PRIMARY KEY("index_ticker_id","member_ticker_id")
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" integer PRIMARY KEY NOT NULL,
	"exchange" text NOT NULL,
	"name" text NOT NULL,
	"main_index" text NOT NULL,
	"main_index_symbol" text NOT NULL,
	"currency" text NOT NULL,
	"img" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"provider" text NOT NULL,
	"key" text NOT NULL,
	"last_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_state_provider_key_pk" PRIMARY KEY("provider","key")
);
--> statement-breakpoint
CREATE TABLE "tickers" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"exchange" text NOT NULL,
	"currency" text NOT NULL,
	"sector" text,
	"isin" text,
	"img" text DEFAULT '' NOT NULL,
	"is_index" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"portfolio_id" integer NOT NULL,
	"ticker_id" integer NOT NULL,
	"date" date NOT NULL,
	"event_id" smallint NOT NULL,
	"quantity" numeric(28, 10) NOT NULL,
	"price" numeric(28, 10) NOT NULL,
	"fee" numeric(28, 10) DEFAULT '0' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subscription" boolean DEFAULT false NOT NULL,
	"base_currency" text DEFAULT 'NOK' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_uid" text NOT NULL,
	"ticker_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_user_uid_ticker_id_pk" PRIMARY KEY("user_uid","ticker_id")
);
--> statement-breakpoint
ALTER TABLE "analysis_snapshots" ADD CONSTRAINT "analysis_snapshots_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_bars" ADD CONSTRAINT "daily_bars_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_members" ADD CONSTRAINT "index_members_index_ticker_id_tickers_id_fk" FOREIGN KEY ("index_ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_members" ADD CONSTRAINT "index_members_member_ticker_id_tickers_id_fk" FOREIGN KEY ("member_ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickers" ADD CONSTRAINT "tickers_country_id_markets_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_latest_idx" ON "analysis_snapshots" USING btree ("country_id","timeframe","is_index","technical_score") WHERE "analysis_snapshots"."is_latest";--> statement-breakpoint
CREATE INDEX "daily_bars_date_idx" ON "daily_bars" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "tickers_country_symbol_uq" ON "tickers" USING btree ("country_id","symbol");--> statement-breakpoint
CREATE INDEX "tickers_search_name_idx" ON "tickers" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "tickers_isin_idx" ON "tickers" USING btree ("isin");--> statement-breakpoint
CREATE INDEX "portfolio_transactions_portfolio_ticker_idx" ON "portfolio_transactions" USING btree ("portfolio_id","ticker_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_transactions_external_uq" ON "portfolio_transactions" USING btree ("portfolio_id","external_id");--> statement-breakpoint
CREATE INDEX "portfolios_user_idx" ON "portfolios" USING btree ("user_uid");