-- close_series (migration 0013) kept exact by the database itself: every write to daily_bars,
-- whoever makes it (the market sync, the demo generator, a test, psql), rebuilds the months it
-- touched, once per statement (statement-level triggers with transition tables, one trigger per
-- event as PostgreSQL requires). Works on PostgreSQL 15 and PGlite.
--
-- A row: one ticker's sessions of one calendar month; `days` = one big-endian int4 per session
-- (days since 1970-01-01), `closes` = one big-endian float8 per session (the stored double, bit for
-- bit), both ascending by date.

-- The given (ticker, month) pairs again from daily_bars (pairs distinct, `months` = first days);
-- a month without bars loses its row. The advisory locks (one per ticker, in id order, held to the
-- end of the transaction) make a concurrent writer of the same ticker wait and then aggregate what
-- the first one committed: under READ COMMITTED each statement below takes its snapshot after the
-- lock is granted.
CREATE FUNCTION close_series_rebuild(ids integer[], months date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(26, t) FROM (SELECT DISTINCT unnest(ids) AS t ORDER BY 1) locked;
  DELETE FROM close_series s
  USING unnest(ids, months) AS k(ticker_id, month)
  WHERE s.ticker_id = k.ticker_id AND s.month = k.month
    AND NOT EXISTS (
      SELECT 1 FROM daily_bars b
      WHERE b.ticker_id = k.ticker_id AND b.date >= k.month AND b.date < k.month + INTERVAL '1 month'
    );
  INSERT INTO close_series (ticker_id, month, days, closes)
  SELECT k.ticker_id, k.month,
         string_agg(int4send(b.date - DATE '1970-01-01'), ''::bytea ORDER BY b.date),
         string_agg(float8send(b.close), ''::bytea ORDER BY b.date)
  FROM unnest(ids, months) AS k(ticker_id, month)
  JOIN daily_bars b
    ON b.ticker_id = k.ticker_id AND b.date >= k.month AND b.date < k.month + INTERVAL '1 month'
  GROUP BY k.ticker_id, k.month
  ON CONFLICT (ticker_id, month) DO UPDATE SET days = excluded.days, closes = excluded.closes;
END $$;
--> statement-breakpoint
CREATE FUNCTION close_series_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM close_series_rebuild(array_agg(ticker_id), array_agg(month))
  FROM (SELECT DISTINCT ticker_id, date_trunc('month', date)::date AS month FROM new_bars) touched;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Corrected sessions: only a changed close (compared bit for bit) or a moved session changes a
-- series; a corrected open, high, low or volume does not.
CREATE FUNCTION close_series_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM close_series_rebuild(array_agg(ticker_id), array_agg(month))
  FROM (
    SELECT DISTINCT ticker_id, date_trunc('month', date)::date AS month FROM (
      (SELECT ticker_id, date, float8send(close) FROM new_bars
       EXCEPT SELECT ticker_id, date, float8send(close) FROM old_bars)
      UNION ALL
      (SELECT ticker_id, date, float8send(close) FROM old_bars
       EXCEPT SELECT ticker_id, date, float8send(close) FROM new_bars)
    ) changed
  ) touched;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION close_series_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM close_series_rebuild(array_agg(ticker_id), array_agg(month))
  FROM (SELECT DISTINCT ticker_id, date_trunc('month', date)::date AS month FROM old_bars) touched;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION close_series_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM close_series;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER close_series_insert AFTER INSERT ON daily_bars
  REFERENCING NEW TABLE AS new_bars
  FOR EACH STATEMENT EXECUTE FUNCTION close_series_after_insert();
--> statement-breakpoint
CREATE TRIGGER close_series_update AFTER UPDATE ON daily_bars
  REFERENCING OLD TABLE AS old_bars NEW TABLE AS new_bars
  FOR EACH STATEMENT EXECUTE FUNCTION close_series_after_update();
--> statement-breakpoint
CREATE TRIGGER close_series_delete AFTER DELETE ON daily_bars
  REFERENCING OLD TABLE AS old_bars
  FOR EACH STATEMENT EXECUTE FUNCTION close_series_after_delete();
--> statement-breakpoint
CREATE TRIGGER close_series_truncate AFTER TRUNCATE ON daily_bars
  FOR EACH STATEMENT EXECUTE FUNCTION close_series_after_truncate();
--> statement-breakpoint
-- The series of the bars already stored.
INSERT INTO close_series (ticker_id, month, days, closes)
SELECT ticker_id, date_trunc('month', date)::date,
       string_agg(int4send(date - DATE '1970-01-01'), ''::bytea ORDER BY date),
       string_agg(float8send(close), ''::bytea ORDER BY date)
FROM daily_bars
GROUP BY ticker_id, date_trunc('month', date)::date;
