/**
 * Scheduled jobs inside the app server process (no second process, so the embedded PGlite works).
 *
 * Time comes from an injectable clock and nothing runs by itself except the timer loop of
 * `start()`: `tick()` runs what is due at the clock's "now" and resolves when those runs ended,
 * so tests move a fake clock and call `tick()`. Croner computes the cron slots (with time zones).
 *
 * Once across instances: a run first takes the job's lock (server/jobs/lock.ts), then claims its
 * slot in `job_runs` — the scheduled time, a start-up catch-up or a manual request — with an
 * insert that only one instance can win. A failed run is retried with back-off (BACKOFF_MS) in the
 * instance that ran it, on the same row, and its error message is kept.
 */
import { errorText } from '@/server/logging/describeError';
import crypto from 'node:crypto';
import os from 'node:os';
import { Cron } from 'croner';
import type { JobStatusDto } from '@/lib/types/operations';
import type { Db } from '@/server/db';
import {
  activeJobRuns,
  claimJobRetry,
  claimJobSlot,
  finishJobRun,
  latestJobRuns,
  recordJobProgress,
} from '@/server/repositories/jobRunRepository';

import { systemClock, type Clock } from './clock';
import { isLockedHere, withJobLock } from './lock';

export type { Clock } from './clock';

export interface JobProgress {
  phase: string;
  done: number;
  total: number;
}

export interface JobContext {
  db: Db;
  now(): Date;
  /** The slot being run: an ISO time, `catch-up:…` or `manual:…`. */
  slot: string;
  progress(p: JobProgress): void;
}

export interface JobDefinition {
  name: string;
  /** Cron pattern (minute hour day month weekday) in `timeZone`. */
  pattern: string;
  timeZone: string;
  /** A reason not to run the scheduled slot at `time` (an exchange holiday), or null. */
  skip?(time: Date): string | null;
  /** On start: a catch-up slot to run at once (data too far behind), or null. */
  catchUpSlot?(ctx: { db: Db; now: Date }): Promise<string | null>;
  /** Do the work; resolves to a one-line summary, throws on failure. */
  run(ctx: JobContext): Promise<string>;
}

/** What GET /api/v1/admin/jobs answers per job (lib/types/operations.ts). */
export type JobStatus = JobStatusDto;

/** Waits after a failure before attempts 2, 3, 4 and 5; then the slot is given up. */
export const BACKOFF_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** A run whose heartbeat is older than this is not running any more (its instance died). */
export const HEARTBEAT_STALE_MS = 2 * 60_000;
const HEARTBEAT_MS = 20_000;
const PROGRESS_WRITE_MS = 1_000;
const TICK_MS = 15_000;
/** When another instance holds a job's lock, look at a scheduled slot again after two ticks (30 s). */
const LOCK_BUSY_RETRY_TICKS = 2;

export interface SchedulerOptions {
  db: Db;
  kind: 'pglite' | 'postgres';
  jobs: readonly JobDefinition[];
  clock?: Clock;
  /** Name of this instance in job_runs (default host:pid:random). */
  instance?: string;
  backoffMs?: readonly number[];
  /** How often the timer loop of start() looks for due slots (default 15 s). */
  tickMs?: number;
  log?: (message: string) => void;
}

type Pending =
  | { type: 'retry'; runId: number; attempt: number; at: Date }
  | { type: 'slot'; slot: string; at: Date; tries: number };

interface Running {
  slot: string;
  progress: JobProgress | null;
}

export class JobScheduler {
  private readonly db: Db;
  private readonly kind: 'pglite' | 'postgres';
  private readonly jobs: Map<string, JobDefinition>;
  private readonly crons = new Map<string, Cron>();
  private readonly clock: Clock;
  private readonly backoff: readonly number[];
  private readonly tickMs: number;
  private readonly log: (message: string) => void;
  readonly instance: string;
  /** Scheduled slots at or before this time were handled. */
  private readonly cursor = new Map<string, Date>();
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Map<string, Running>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(opts: SchedulerOptions) {
    this.db = opts.db;
    this.kind = opts.kind;
    this.jobs = new Map(opts.jobs.map((j) => [j.name, j]));
    this.clock = opts.clock ?? systemClock;
    this.backoff = opts.backoffMs ?? BACKOFF_MS;
    this.tickMs = opts.tickMs ?? TICK_MS;
    this.log = opts.log ?? ((m) => console.log(`[jobs] ${m}`));
    this.instance = opts.instance ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    const now = this.clock.now();
    for (const job of opts.jobs) {
      this.crons.set(job.name, new Cron(job.pattern, { timezone: job.timeZone, paused: true }));
      this.cursor.set(job.name, now);
    }
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }

  /** The next scheduled time of `name` after the clock's now. */
  nextRun(name: string): Date | null {
    return this.crons.get(name)?.nextRun(this.clock.now()) ?? null;
  }

  /** The newest scheduled slot of `name` in (cursor, now], or null. */
  private dueSlot(name: string, now: Date): Date | null {
    const cron = this.crons.get(name)!;
    let due: Date | null = null;
    let next = cron.nextRun(this.cursor.get(name)!);
    while (next && next <= now) {
      due = next;
      next = cron.nextRun(next);
    }
    return due;
  }

  /** Run every slot and retry that is due at the clock's now; resolves when they finished. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    const runs: Promise<void>[] = [];
    for (const job of this.jobs.values()) {
      const pending = this.pending.get(job.name);
      if (pending && pending.at <= now) {
        this.pending.delete(job.name);
        runs.push(this.execute(job, pending));
      }
      const due = this.dueSlot(job.name, now);
      this.cursor.set(job.name, now);
      if (!due) continue;
      const reason = job.skip?.(due) ?? null;
      if (reason) {
        this.log(`${job.name}: ${due.toISOString()} skipped (${reason})`);
        continue;
      }
      runs.push(this.execute(job, { type: 'slot', slot: due.toISOString(), at: now, tries: 0 }));
    }
    await Promise.all(runs);
  }

  /** On start: run each job's catch-up slot (a market more than one session behind). */
  async catchUp(): Promise<void> {
    const now = this.clock.now();
    const runs: Promise<void>[] = [];
    for (const job of this.jobs.values()) {
      if (!job.catchUpSlot) continue;
      const slot = await job.catchUpSlot({ db: this.db, now });
      if (slot) {
        this.log(`${job.name}: catching up (${slot})`);
        runs.push(this.execute(job, { type: 'slot', slot, at: now, tries: 0 }));
      }
    }
    await Promise.all(runs);
  }

  /**
   * Start `name` now (admin "Run now"). 'busy' when it runs in this process or, by its heartbeat,
   * in another instance; 'started' otherwise (the run goes on in the background).
   */
  async runNow(name: string): Promise<'started' | 'busy' | 'unknown'> {
    const job = this.jobs.get(name);
    if (!job) return 'unknown';
    if (this.running.has(name) || isLockedHere(name)) return 'busy';
    const now = this.clock.now();
    const active = await activeJobRuns(this.db, name, new Date(now.getTime() - HEARTBEAT_STALE_MS));
    if (active.length > 0 || this.running.has(name)) return 'busy';
    const slot = `manual:${now.toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
    const run = this.execute(job, { type: 'slot', slot, at: now, tries: 0 });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return 'started';
  }

  /** Wait for runs started by runNow (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async execute(job: JobDefinition, what: Pending): Promise<void> {
    if (this.running.has(job.name)) {
      if (what.type === 'slot') this.deferSlot(job.name, what);
      return;
    }
    // Marked before the first await, so a status read right after runNow() sees it.
    const state: Running = {
      slot: what.type === 'slot' ? what.slot : `retry ${what.attempt}`,
      progress: null,
    };
    this.running.set(job.name, state);
    try {
      const locked = await withJobLock(this.db, this.kind, job.name, () => this.runClaimed(job, what, state));
      if (!locked.acquired && what.type === 'slot') this.deferSlot(job.name, what);
      if (!locked.acquired && what.type === 'retry')
        this.pending.set(job.name, { ...what, at: this.later(LOCK_BUSY_RETRY_TICKS * this.tickMs) });
    } catch (err) {
      this.log(`${job.name}: ${errorText(err)}`);
    } finally {
      this.running.delete(job.name);
    }
  }

  private later(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  /** Another runner holds the lock: look at this scheduled slot again a little later. */
  private deferSlot(name: string, what: Extract<Pending, { type: 'slot' }>): void {
    if (what.slot.startsWith('manual:') || what.tries >= 120 || this.pending.has(name)) return;
    this.pending.set(name, {
      ...what,
      at: this.later(LOCK_BUSY_RETRY_TICKS * this.tickMs),
      tries: what.tries + 1,
    });
  }

  private async runClaimed(job: JobDefinition, what: Pending, state: Running): Promise<void> {
    const startedAt = this.clock.now();
    let runId: number;
    let attempt: number;
    if (what.type === 'slot') {
      const id = await claimJobSlot(this.db, {
        name: job.name,
        slot: what.slot,
        instance: this.instance,
        now: startedAt,
      });
      if (id === null) return; // another instance ran (or runs) this slot
      runId = id;
      attempt = 1;
    } else {
      const claimed = await claimJobRetry(this.db, {
        id: what.runId,
        attempt: what.attempt,
        instance: this.instance,
        now: startedAt,
      });
      if (!claimed) return;
      runId = what.runId;
      attempt = what.attempt;
    }
    state.slot = what.type === 'slot' ? what.slot : state.slot;

    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const write = () => {
      writing = writing
        .then(() => recordJobProgress(this.db, runId, state.progress, this.clock.now()))
        .catch(() => {});
    };
    const heartbeat = setInterval(write, HEARTBEAT_MS);
    heartbeat.unref?.();
    const ctx: JobContext = {
      db: this.db,
      now: () => this.clock.now(),
      slot: state.slot,
      progress: (p) => {
        state.progress = p;
        const t = Date.now();
        if (t - lastWrite >= PROGRESS_WRITE_MS) {
          lastWrite = t;
          write();
        }
      },
    };
    try {
      const message = await job.run(ctx);
      clearInterval(heartbeat);
      await writing;
      await finishJobRun(this.db, runId, { ok: true, message, now: this.clock.now() });
      this.log(`${job.name}: ${message}`);
    } catch (err) {
      clearInterval(heartbeat);
      await writing;
      // Redacted: a failed dump's message may carry a connection string with its password, a
      // database error the query's parameters (uids, e-mails).
      const message = errorText(err);
      await finishJobRun(this.db, runId, { ok: false, message, now: this.clock.now() });
      const wait = this.backoff[attempt - 1];
      if (wait !== undefined && !this.stopped) {
        this.pending.set(job.name, { type: 'retry', runId, attempt: attempt + 1, at: this.later(wait) });
        this.log(
          `${job.name}: attempt ${attempt} failed (${message}); retrying in ${Math.round(wait / 1000)} s`,
        );
      } else {
        this.log(`${job.name}: attempt ${attempt} failed (${message}); giving up`);
      }
    }
  }

  /** What GET /api/v1/admin/jobs shows: schedule, state here or elsewhere, the last run. */
  async list(): Promise<JobStatus[]> {
    const now = this.clock.now();
    const names = this.names;
    const latest = await latestJobRuns(this.db, names);
    return names.map((name): JobStatus => {
      const job = this.jobs.get(name)!;
      const row = latest.get(name);
      const local = this.running.get(name);
      const elsewhere =
        row !== undefined &&
        row.finishedAt === null &&
        row.heartbeatAt.getTime() > now.getTime() - HEARTBEAT_STALE_MS;
      const pending = this.pending.get(name);
      return {
        name,
        schedule: job.pattern,
        time_zone: job.timeZone,
        running: local !== undefined || elsewhere,
        progress: local?.progress ?? (elsewhere ? (row.progress ?? null) : null),
        last_run: row
          ? {
              started_at: row.startedAt.toISOString(),
              finished_at: row.finishedAt?.toISOString() ?? null,
              ok: row.ok,
              message: row.message,
              attempt: row.attempt,
            }
          : null,
        next_run: this.nextRun(name)?.toISOString() ?? null,
        retry_at: pending?.type === 'retry' ? pending.at.toISOString() : null,
      };
    });
  }

  /** Run the timer loop (and the start-up catch-up) until stop(). */
  start(): void {
    this.stopped = false;
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick()
          .catch((err: unknown) => this.log(`tick failed: ${errorText(err)}`))
          .finally(() => {
            if (!this.stopped) loop();
          });
      }, this.tickMs);
      this.timer.unref?.();
    };
    void this.catchUp()
      .catch((err: unknown) => this.log(`catch-up failed: ${errorText(err)}`))
      .finally(() => {
        if (!this.stopped) loop();
      });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
