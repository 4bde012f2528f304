ALTER TABLE "portfolio_transactions" ALTER COLUMN "ticker_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "withholding_tax" numeric(28, 10);--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "fx_rate" numeric(28, 10);--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "account_type" text DEFAULT 'ordinary' NOT NULL;