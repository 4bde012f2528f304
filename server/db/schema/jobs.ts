import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled job (market refreshes, backups). `(name, slot)` is unique: the
 * instance that inserts the row for a slot (a scheduled time, a start-up catch-up or a manual run)
 * is the one that runs it, so several app instances on one database run each slot once. A retry
 * of a failed slot updates the same row (`attempt`). `heartbeat_at` is renewed while the run is
 * going, so a run whose instance died is no longer shown as running.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slot: text('slot').notNull(),
    instance: text('instance').notNull(),
    attempt: integer('attempt').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    message: text('message'),
    progress: jsonb('progress').$type<{ phase: string; done: number; total: number } | null>(),
  },
  (t) => [
    uniqueIndex('job_runs_name_slot_uq').on(t.name, t.slot),
    index('job_runs_name_started_idx').on(t.name, t.startedAt),
  ],
);

export type JobRunRow = typeof jobRuns.$inferSelect;
