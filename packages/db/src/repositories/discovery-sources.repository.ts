import type { Db } from '../client.ts';

export type DiscoverySourceRow = {
  id: string;
  name: string;
  type: string;
  config: Record<string, unknown>;
  schedule: string;
  active: boolean;
  status: 'idle' | 'queued' | 'running' | 'failed';
  total_discovered: number;
  total_approved: number;
  last_run_at: Date | null;
  last_error: string | null;
  last_run_errors: string[];
  /** When the schedule next fires (kept by the scheduler); null until it has looked, or when the
   * schedule or the active flag just changed. */
  next_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type DiscoverySourceWrite = {
  name: string;
  type: string;
  config: Record<string, unknown>;
  schedule: string;
  active: boolean;
};

const SELECT = `select id, name, type, config, schedule, active, status, total_discovered, total_approved,
  last_run_at, last_error, last_run_errors, next_run_at, created_at, updated_at from discovery_sources`;

export const discoverySourcesRepository = {
  async list(db: Db): Promise<DiscoverySourceRow[]> {
    return (await db.query<DiscoverySourceRow>(`${SELECT} order by lower(name), id`)).rows;
  },
  async findById(db: Db, id: string): Promise<DiscoverySourceRow | undefined> {
    return (await db.query<DiscoverySourceRow>(`${SELECT} where id = $1`, [id])).rows[0];
  },
  /** Locks the row for the rest of the transaction (run requests, job state changes). */
  async lockById(db: Db, id: string): Promise<DiscoverySourceRow | undefined> {
    return (await db.query<DiscoverySourceRow>(`${SELECT} where id = $1 for update`, [id])).rows[0];
  },
  async insert(db: Db, s: DiscoverySourceWrite, createdBy: string | null): Promise<string> {
    const r = await db.query<{ id: string }>(
      `insert into discovery_sources (name, type, config, schedule, active, created_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [s.name, s.type, JSON.stringify(s.config), s.schedule, s.active, createdBy],
    );
    return r.rows[0]!.id;
  },
  async update(db: Db, id: string, s: Omit<DiscoverySourceWrite, 'type'>): Promise<boolean> {
    const r = await db.query(
      `update discovery_sources set name = $2, config = $3, schedule = $4, active = $5, updated_at = now()
       where id = $1`,
      [id, s.name, JSON.stringify(s.config), s.schedule, s.active],
    );
    return r.rowCount > 0;
  },
  async delete(db: Db, id: string): Promise<boolean> {
    return (await db.query('delete from discovery_sources where id = $1', [id])).rowCount > 0;
  },
  /** Active scheduled sources whose next run is due (or not yet computed), locked for the rest of
   * the transaction; rows another scheduler holds are skipped. */
  async lockDueScheduled(db: Db, now: Date, limit: number): Promise<DiscoverySourceRow[]> {
    return (
      await db.query<DiscoverySourceRow>(
        `${SELECT} where active and schedule <> '' and (next_run_at is null or next_run_at <= $1)
          order by next_run_at nulls first, id limit $2 for update skip locked`,
        [now, limit],
      )
    ).rows;
  },
  /** Moves the next run from `expected` (what the scheduler read) to `next`; false when another
   * scheduler moved it first, which then fires that run. */
  async moveNextRun(db: Db, id: string, expected: Date | null, next: Date | null): Promise<boolean> {
    const r = await db.query(
      'update discovery_sources set next_run_at = $3 where id = $1 and next_run_at is not distinct from $2',
      [id, expected, next],
    );
    return r.rowCount > 0;
  },
  /** Sets the next run (a new or changed schedule); null lets the scheduler compute it. */
  async setNextRun(db: Db, id: string, next: Date | null): Promise<void> {
    await db.query('update discovery_sources set next_run_at = $2 where id = $1', [id, next]);
  },
  async setStatus(db: Db, id: string, status: DiscoverySourceRow['status']): Promise<void> {
    await db.query('update discovery_sources set status = $2, updated_at = now() where id = $1', [
      id,
      status,
    ]);
  },
  /** The end of a successful run: back to idle, with the time of the run and what it could not
   * read on the way (per-item failures; the run itself succeeded). */
  async finishRun(db: Db, id: string, itemErrors: readonly string[] = []): Promise<void> {
    await db.query(
      `update discovery_sources set status = 'idle', last_run_at = now(), last_error = null,
         last_run_errors = $2, updated_at = now()
       where id = $1`,
      [id, itemErrors],
    );
  },
  async failRun(db: Db, id: string, error: string): Promise<void> {
    await db.query(
      // A failed run is still a run: its time shows next to the error.
      `update discovery_sources set status = 'failed', last_error = $2, last_run_at = now(), updated_at = now()
        where id = $1`,
      [id, error],
    );
  },
  async addDiscovered(db: Db, id: string, count: number): Promise<void> {
    await db.query('update discovery_sources set total_discovered = total_discovered + $2 where id = $1', [
      id,
      count,
    ]);
  },
  async addApproved(db: Db, id: string): Promise<void> {
    await db.query('update discovery_sources set total_approved = total_approved + 1 where id = $1', [id]);
  },
};
