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
CREATE TABLE "income_settings" (
	"user_uid" text PRIMARY KEY NOT NULL,
	"holding_limit" double precision NOT NULL,
	"sector_limit" double precision NOT NULL,
	"currency_limit" double precision NOT NULL,
	"ex_date_alerts" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_settings" ADD CONSTRAINT "income_settings_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dividends_ex_date_idx" ON "dividends" USING btree ("ex_date");