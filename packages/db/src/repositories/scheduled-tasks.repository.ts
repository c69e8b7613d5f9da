import type { Db } from '../client.ts';

/** The scheduler's recurring tasks, one row per task: when it next runs. */
export const scheduledTasksRepository = {
  /** Takes the task's turn when it is due at `now` (or has never run), moving its next run to
   * `next`. One statement, so of several schedulers ticking at once exactly one gets true: the
   * others wait for its row and then find it no longer due. */
  async claim(db: Db, key: string, now: Date, next: Date): Promise<boolean> {
    const r = await db.query(
      `insert into scheduled_tasks (key, next_run_at) values ($1, $3)
       on conflict (key) do update set next_run_at = excluded.next_run_at
        where scheduled_tasks.next_run_at <= $2
       returning key`,
      [key, now, next],
    );
    return r.rowCount > 0;
  },
  /** Makes the task due again at `at` (a task that stopped short of its work). */
  async setNextRun(db: Db, key: string, at: Date): Promise<void> {
    await db.query('update scheduled_tasks set next_run_at = $2 where key = $1', [key, at]);
  },
};
