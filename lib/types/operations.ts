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
