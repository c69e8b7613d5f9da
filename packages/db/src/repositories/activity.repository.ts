import type { Db } from '../client.ts';
import { known, type Step } from '../steps.ts';

export type ActivityEntry = {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
};

export type ActivityRow = {
  id: string;
  occurred_at: Date;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: Record<string, unknown>;
};

/** Every create, update, delete and job writes one row here (the dashboard's recent activity). */
export const activityRepository = {
  async record(db: Db, e: ActivityEntry): Promise<void> {
    await db.query(
      'insert into activity_log (actor_id, action, entity_type, entity_id, details) values ($1, $2, $3, $4, $5)',
      [e.actorId, e.action, e.entityType, e.entityId ?? null, JSON.stringify(e.details ?? {})],
    );
  },
  /** Several entries in one statement (a batch of prices posted together). */
  recordManyStep(entries: readonly ActivityEntry[]): Step<void> {
    if (entries.length === 0) return known(undefined);
    return {
      statement: {
        sql: `insert into activity_log (actor_id, action, entity_type, entity_id, details)
              select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`,
        params: [
          entries.map((e) => e.actorId),
          entries.map((e) => e.action),
          entries.map((e) => e.entityType),
          entries.map((e) => e.entityId ?? null),
          entries.map((e) => JSON.stringify(e.details ?? {})),
        ],
      },
      read: () => undefined,
    };
  },
  async recent(db: Db, limit: number): Promise<ActivityRow[]> {
    const r = await db.query<ActivityRow>(
      `select id::text, occurred_at, actor_id, action, entity_type, entity_id, details
         from activity_log order by occurred_at desc, id desc limit $1`,
      [limit],
    );
    return r.rows;
  },
};
