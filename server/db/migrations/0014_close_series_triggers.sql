-- close_series (migration 0013) kept exact by the database itself: every write to daily_bars,
-- whoever makes it (the market sync, the demo generator, a test, psql), updates the series of the
-- tickers it touched, once per statement (statement-level triggers with transition tables, one
-- trigger per event as PostgreSQL requires). Works on PostgreSQL 15 and PGlite.
--
-- A series: `days` = one big-endian int4 per session (days since 1970-01-01), `closes` = one
-- big-endian float8 per session (the stored double, bit for bit), both ascending by date.

-- The whole series of the given tickers again from daily_bars; a ticker without bars loses its row.
-- The advisory locks (one per ticker, in id order, held to the end of the transaction) make a
-- concurrent writer of the same ticker wait and then aggregate what the first one committed: under
-- READ COMMITTED each statement below takes its snapshot after the lock is granted.
CREATE FUNCTION close_series_rebuild(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(26, t) FROM (SELECT DISTINCT unnest(ids) AS t ORDER BY 1) locked;
  DELETE FROM close_series s
  WHERE s.ticker_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM daily_bars b WHERE b.ticker_id = s.ticker_id);
  INSERT INTO close_series (ticker_id, last_date, days, closes)
  SELECT ticker_id, max(date),
         string_agg(int4send(date - DATE '1970-01-01'), ''::bytea ORDER BY date),
         string_agg(float8send(close), ''::bytea ORDER BY date)
  FROM daily_bars WHERE ticker_id = ANY (ids)
  GROUP BY ticker_id
  ON CONFLICT (ticker_id) DO UPDATE
    SET last_date = excluded.last_date, days = excluded.days, closes = excluded.closes;
END $$;
--> statement-breakpoint
-- New sessions. Those after a ticker's newest one (the daily refresh) are appended to its row;
-- any other insert (a first history, a session filled in before the newest) rebuilds the ticker.
CREATE FUNCTION close_series_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  appended integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(26, t) FROM (SELECT DISTINCT ticker_id AS t FROM new_bars ORDER BY 1) locked;
  WITH added AS (
    SELECT ticker_id, min(date) AS first_new, max(date) AS last_new,
           string_agg(int4send(date - DATE '1970-01-01'), ''::bytea ORDER BY date) AS days,
           string_agg(float8send(close), ''::bytea ORDER BY date) AS closes
    FROM new_bars GROUP BY ticker_id
  ), moved AS (
    UPDATE close_series s
    SET last_date = a.last_new, days = s.days || a.days, closes = s.closes || a.closes
    FROM added a
    WHERE s.ticker_id = a.ticker_id AND s.last_date < a.first_new
    RETURNING s.ticker_id
  )
  SELECT coalesce(array_agg(ticker_id), '{}') INTO appended FROM moved;
  PERFORM close_series_rebuild(ARRAY(SELECT DISTINCT ticker_id FROM new_bars WHERE ticker_id <> ALL (appended)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Corrected sessions: only a changed close (compared bit for bit) or a moved session changes a
-- series; a corrected open, high, low or volume does not.
CREATE FUNCTION close_series_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM close_series_rebuild(ARRAY(
    SELECT ticker_id FROM (
      (SELECT ticker_id, date, float8send(close) FROM new_bars
       EXCEPT SELECT ticker_id, date, float8send(close) FROM old_bars)
      UNION ALL
      (SELECT ticker_id, date, float8send(close) FROM old_bars
       EXCEPT SELECT ticker_id, date, float8send(close) FROM new_bars)
    ) changed
    GROUP BY ticker_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION close_series_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM close_series_rebuild(ARRAY(SELECT DISTINCT ticker_id FROM old_bars));
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
INSERT INTO close_series (ticker_id, last_date, days, closes)
SELECT ticker_id, max(date),
       string_agg(int4send(date - DATE '1970-01-01'), ''::bytea ORDER BY date),
       string_agg(float8send(close), ''::bytea ORDER BY date)
FROM daily_bars
GROUP BY ticker_id;
