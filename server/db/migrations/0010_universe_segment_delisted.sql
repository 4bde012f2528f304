ALTER TABLE "tickers" ADD COLUMN "segment" text;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "delisted_on" date;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "previous_symbol" text;