CREATE TABLE "user_instrument_prices" (
	"user_uid" text NOT NULL,
	"ticker_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(28, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_instrument_prices_user_uid_ticker_id_date_pk" PRIMARY KEY("user_uid","ticker_id","date")
);
--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "in_universe" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "kind" text DEFAULT 'share' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "equity_share" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "user_instrument_prices" ADD CONSTRAINT "user_instrument_prices_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_instrument_prices" ADD CONSTRAINT "user_instrument_prices_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickers_instrument_isin_uq" ON "tickers" USING btree ("isin") WHERE "tickers"."in_universe" = false;