CREATE TABLE "close_series" (
	"ticker_id" integer NOT NULL,
	"month" date NOT NULL,
	"days" "bytea" NOT NULL,
	"closes" "bytea" NOT NULL,
	CONSTRAINT "close_series_ticker_id_month_pk" PRIMARY KEY("ticker_id","month")
);
--> statement-breakpoint
ALTER TABLE "close_series" ADD CONSTRAINT "close_series_ticker_id_tickers_id_fk" FOREIGN KEY ("ticker_id") REFERENCES "public"."tickers"("id") ON DELETE cascade ON UPDATE no action;