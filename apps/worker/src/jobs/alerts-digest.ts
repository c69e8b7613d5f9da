import type { Db } from '@preciofab/db/client';
import { deliveriesRepository } from '@preciofab/db/repositories/deliveries.repository';
import { ALERTS_DELIVER_JOB, alertDeliveryKey, type JobQueue } from '@preciofab/shared/contracts/jobs';
import { isValidTimeZone, wallClock } from '@preciofab/shared/time-zone';

/** A user's clock at `at`: the local date (YYYY-MM-DD) and hour. */
export function localClock(at: Date, timeZone: string): { date: string; hour: number } {
  const wall = new Date(wallClock(at.getTime(), timeZone));
  return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
}

/**
 * The hourly digest run: every user with digest items waiting whose clock shows their digest hour
 * at `at` gets the day's digest, created with every waiting item and sent by its own job. The
 * digest is unique per user and local date, so a second run in the same hour (or a repeated job)
 * creates nothing, and a user gets at most one per local day. Items that arrive after it wait for
 * the next day's.
 */
export async function runDigests(db: Db, queue: JobQueue<Db>, at: Date): Promise<{ digests: number }> {
  let digests = 0;
  for (const u of await deliveriesRepository.usersWithPendingDigest(db)) {
    const zone = isValidTimeZone(u.time_zone) ? u.time_zone : 'America/Mexico_City';
    const clock = localClock(at, zone);
    if (clock.hour !== u.digest_hour) continue;
    const created = await db.transaction(async (tx) => {
      const id = await deliveriesRepository.createDigest(tx, u.user_id, clock.date, at);
      if (!id) return false;
      const payload = { kind: 'digest' as const, digest_id: id };
      await queue.enqueue(
        ALERTS_DELIVER_JOB,
        payload,
        { singletonKey: alertDeliveryKey(payload), singletonWhileQueued: true },
        tx,
      );
      return true;
    });
    if (created) digests++;
  }
  return { digests };
}
