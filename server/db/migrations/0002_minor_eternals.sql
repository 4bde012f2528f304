ALTER TABLE "portfolio_transactions" ADD COLUMN "split_to" integer;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD COLUMN "split_from" integer;--> statement-breakpoint
-- custom:
-- Issue 13: a split kept as one decimal ratio gets its two whole numbers. First the exact fraction
-- of the decimal when both parts stay within 1,000,000 (0.5 -> 1/2, 1.5 -> 3/2, 0.1 -> 1/10);
-- else the smallest split_from up to 1000 whose fraction, rounded to the column's 10 decimals, is
-- the stored ratio (0.3333333333 -> 1/3, 0.6666666667 -> 2/3). Any other ratio is left as it is
-- (split_to and split_from null): the application reads its quantity as the exact ratio.
UPDATE "portfolio_transactions" AS t
SET "split_to" = (f.n / f.g)::integer, "split_from" = (10000000000 / f.g)::integer
FROM (
  SELECT "id", ("quantity" * 10000000000)::numeric(38, 0) AS n,
         gcd(("quantity" * 10000000000)::numeric(38, 0), 10000000000::numeric(38, 0)) AS g
  FROM "portfolio_transactions"
  WHERE "event_id" = 4 AND "split_to" IS NULL AND "quantity" > 0
) AS f
WHERE t."id" = f."id" AND f.n / f.g <= 1000000 AND 10000000000 / f.g <= 1000000;
--> statement-breakpoint
UPDATE "portfolio_transactions" AS t
SET "split_to" = s.to_n, "split_from" = s.from_n
FROM (
  SELECT DISTINCT ON (p."id") p."id", round(p."quantity" * d)::integer AS to_n, d AS from_n
  FROM "portfolio_transactions" AS p CROSS JOIN generate_series(1, 1000) AS d
  WHERE p."event_id" = 4 AND p."split_to" IS NULL AND p."quantity" < 1000000
    AND round(p."quantity" * d) > 0 AND round(round(p."quantity" * d) / d, 10) = p."quantity"
  ORDER BY p."id", d
) AS s
WHERE t."id" = s."id";
