CREATE TABLE "import_staging" (
	"import_id" text PRIMARY KEY NOT NULL,
	"portfolio_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "staged_import" text;--> statement-breakpoint
ALTER TABLE "import_staging" ADD CONSTRAINT "import_staging_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_staging_portfolio_uq" ON "import_staging" USING btree ("portfolio_id");