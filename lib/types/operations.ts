/** GET /api/v1/markets/status: per market id ("160", "226"). */
export interface MarketStatus {
  last_session: string | null;
  refreshed_at: string | null;
  status: 'current' | 'stale';
  sessions_behind: number | null;
  /** The last day the exchange's holiday list covers (YYYY-MM-DD). */
  holidays_through: string;
  /** True from a month before `holidays_through` (the list must be extended). */
  holidays_running_out: boolean;
}

export type MarketStatusMap = Record<string, MarketStatus>;

export interface JobProgressDto {
  phase: string;
  done: number;
  total: number;
}

/** GET /api/v1/admin/jobs: one scheduled job. */
export interface JobStatusDto {
  name: string;
  schedule: string;
  time_zone: string;
  running: boolean;
  progress: JobProgressDto | null;
  last_run: {
    started_at: string;
    finished_at: string | null;
    ok: boolean | null;
    message: string | null;
    attempt: number;
  } | null;
  next_run: string | null;
  retry_at: string | null;
}

/** GET /api/v1/admin/market-data: when each market's data was published and fetched, and the provider's cost. */
export interface MarketDataOpsDto {
  provider: string;
  markets: {
    market_id: number;
    /** The newest stored session. */
    last_session: string | null;
    /** When that session's data was fetched (the first run that found it published). */
    fetched_at: string | null;
    /** When the provider publishes a session's data: local time and zone of the exchange. */
    published_after: { time: string; time_zone: string };
    /** A stored session read before its data was final; the next refresh re-reads it (else null). */
    preliminary_session: string | null;
    /** The stored session the weekly reconciliation re-reads next (re-adjustments since it are caught). */
    reconciled_session: string | null;
  }[];
  /** Requests and API calls per UTC day, newest first. */
  usage: { day: string; provider: string; requests: number; calls: number }[];
  /** EODHD_DAILY_CALL_BUDGET. */
  daily_call_budget: number;
}

/** POST /api/v1/admin/market-universe answers (issue 28: a universe that follows the exchange). */
export type MarketUniverseDto =
  | {
      action: 'sync';
      market_id: number;
      listed: number;
      added: { symbol: string; isin: string | null }[];
      renamed: { from: string; to: string }[];
      delisted: string[];
      relisted: string[];
    }
  | {
      action: 'index_members';
      market_id: number;
      index: string;
      source: 'file' | 'provider';
      members: number;
      added: string[];
      removed: string[];
      new_tickers: string[];
    }
  | {
      action: 'segments';
      matched: number;
      unmatched: number;
      by_segment: { oslo_bors: number; expand: number; growth: number };
    };

/** POST /api/v1/admin/market-universe request bodies. */
export type MarketUniverseRequest =
  | { action: 'sync'; market_id: number }
  | { action: 'index_members'; market_id: number; source: 'file'; content: string }
  | { action: 'index_members'; market_id: number; source: 'provider' }
  | { action: 'segments'; content: string };
