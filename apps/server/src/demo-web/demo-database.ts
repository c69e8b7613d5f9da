import type { Db } from '@preciofab/db/client';
import { seedDemo, type DemoSummary } from '@preciofab/db/demo/seed-demo';
import { sessionsRepository, usersRepository } from '@preciofab/db/repositories/users.repository';
import { hashPassword, randomPassword, verifyPassword } from '../auth/password.ts';
import type { DemoWeb } from './demo-web.ts';
import { seedDemoWeb } from './seed-demo-web.ts';

/** The admin password the README once published; demo databases made then still have it. */
const PUBLISHED_ADMIN = { email: 'demo@preciofab.example', password: 'demo-preciofab' };

export type DemoDatabase = {
  /** What the fixed seed wrote, on the first start; null later. */
  seeded: DemoSummary | null;
  /** The account whose published password was just replaced, with its new one (print it once). */
  retired: { email: string; password: string } | null;
};

/** Replaces the published demo password with a random one and signs that account out everywhere. */
async function retirePublishedPassword(db: Db): Promise<DemoDatabase['retired']> {
  const user = await usersRepository.findByEmail(db, PUBLISHED_ADMIN.email);
  if (!user || !(await verifyPassword(PUBLISHED_ADMIN.password, user.password_hash))) return null;
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await usersRepository.update(tx, user.id, { passwordHash });
    await sessionsRepository.revokeAllForUser(tx, user.id);
  });
  return { email: user.email, password };
}

/** Fills the demo database on its first start (the fixed seed, then the demo web's vendors and
 * sources), brings the demo web's addresses up to date on every start, and retires the password
 * older demos published. Nothing seeded is due: the seed's discovery sources are paused and the
 * demo's crawl schedule is off (`demoConfig`), so no run starts until someone asks for one. */
export async function prepareDemoDatabase(
  db: Db,
  web: DemoWeb,
  say: (line: string) => void = () => {},
): Promise<DemoDatabase> {
  let seeded: DemoSummary | null = null;
  const existing = await db.query<{ n: number }>('select count(*)::int as n from vendors');
  if ((existing.rows[0]?.n ?? 0) === 0) {
    say('Filling the demo database (fixed seed)…');
    seeded = await seedDemo(db);
    say(`Demo data ready: ${JSON.stringify(seeded.counts)} in ${seeded.elapsedMs} ms`);
  }
  await seedDemoWeb(db, web);
  return { seeded, retired: await retirePublishedPassword(db) };
}
