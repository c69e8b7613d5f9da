import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '../client.ts';
import { runSteps } from '../steps.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { crawlRunsRepository } from './crawl-runs.repository.ts';
import { crawlWorkRepository, siteOf, type WorkClaim } from './crawl-work.repository.ts';
import { targetsRepository } from './targets.repository.ts';

let t: TestDb;
let vendorId: string;
const LEASE = { leaseSeconds: 30, excludeRuns: [] as string[] };

beforeAll(async () => {
  t = await createTestDb();
  vendorId = (
    await t.db.query<{ id: string }>(
      "insert into vendors (name, type) values ('Corte Norte', 'bureau') returning id",
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await t.drop();
});
beforeEach(async () => {
  await t.db.query('delete from crawl_runs');
  await t.db.query('delete from crawl_targets');
  await t.db.query('delete from crawl_hosts');
});

/** A running run over `urls`, laid out as work. */
async function runOver(urls: string[], status: 'running' | 'queued' = 'running') {
  const runId = await crawlRunsRepository.insert(t.db, {
    type: 'vendor',
    force: true,
    parallel_workers: 4,
    vendor_id: vendorId,
    category: null,
    requested_by: null,
  });
  if (status === 'running') await crawlRunsRepository.markRunning(t.db, runId);
  const targets: { targetId: string; host: string; position: number }[] = [];
  for (const [position, url] of urls.entries()) {
    const existing = await t.db.query<{ id: string }>('select id from crawl_targets where url = $1', [url]);
    const targetId =
      existing.rows[0]?.id ??
      (await targetsRepository.insert(t.db, vendorId, {
        url,
        domain: new URL(url).hostname,
        category: 'laser_cutting',
        priority: 5,
        frequency_hours: 24,
        active: true,
      }));
    targets.push({ targetId, host: siteOf(url), position });
  }
  await crawlWorkRepository.seed(t.db, runId, targets);
  return { runId, targets };
}

const claim = (db: Db, worker: string, o: Partial<typeof LEASE> = {}) =>
  crawlWorkRepository.claim(db, { worker, ...LEASE, ...o });
const isClaim = (c: unknown): c is WorkClaim => typeof c === 'object' && c !== null && 'targetId' in c;

describe('a crawl run’s shared work', () => {
  it('names a site by its host and port, lowercased', () => {
    expect(siteOf('https://Tienda.Example.MX/precios?x=1')).toBe('tienda.example.mx');
    expect(siteOf('http://127.0.0.1:4310/a')).toBe('127.0.0.1:4310');
    expect(siteOf('https://example.mx:443/a')).toBe('example.mx');
  });

  it('hands out one page per site at a time, and the site again only after its pause', async () => {
    const { targets } = await runOver(['https://a.example/1', 'https://a.example/2', 'https://b.example/1']);
    const first = await claim(t.db, 'w1');
    const second = await claim(t.db, 'w2');
    expect(isClaim(first) && isClaim(second)).toBe(true);
    const claims = [first, second] as WorkClaim[];
    // Two sites, two claims: one on each, in the run's order on each site.
    expect(claims.map((c) => c.host).sort()).toEqual(['a.example', 'b.example']);
    expect(claims.find((c) => c.host === 'a.example')!.targetId).toBe(targets[0]!.targetId);
    const holderOfA = claims[0]!.host === 'a.example' ? 'w1' : 'w2';
    // Both sites are leased: a third worker gets nothing, told to look again within a second.
    const none = await claim(t.db, 'w3');
    expect(none).toEqual({ waitMs: 1000 });

    // a.example is given back with a 1.5 s pause: not before it passes, whoever asks (told how long
    // is left, less what has passed since).
    const releasing = Date.now();
    await crawlWorkRepository.release(t.db, 'a.example', holderOfA, 1500);
    const released = Date.now();
    const early = await claim(t.db, 'w3');
    expect(isClaim(early)).toBe(false);
    const left = (early as { waitMs: number }).waitMs;
    expect(left).toBeGreaterThan(1500 - (Date.now() - releasing) - 50);
    expect(left).toBeLessThanOrEqual(1500);
    await new Promise((resolve) => setTimeout(resolve, 1550 - (Date.now() - released)));
    const later = await claim(t.db, 'w3');
    expect(later).toMatchObject({ host: 'a.example', targetId: targets[1]!.targetId });
    // A release by a worker that does not hold the lease changes nothing.
    await crawlWorkRepository.release(t.db, 'a.example', holderOfA, 0);
    expect(isClaim(await claim(t.db, 'w4'))).toBe(false);
  });

  it('gives a dead worker’s claims and leases to another once they run out, and keeps a live one’s', async () => {
    const { runId, targets } = await runOver(['https://c.example/1']);
    const taken = await claim(t.db, 'dead', { leaseSeconds: 2 });
    expect(taken).toMatchObject({ targetId: targets[0]!.targetId });
    expect(isClaim(await claim(t.db, 'alive'))).toBe(false);
    // A live worker renews; the dead one does not, and its lease runs out.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const retaken = await claim(t.db, 'alive');
    expect(retaken).toMatchObject({ runId, targetId: targets[0]!.targetId, host: 'c.example' });
    await crawlWorkRepository.renew(t.db, 'alive', 30);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isClaim(await claim(t.db, 'third'))).toBe(false);
  });

  it('finishes a target with its checkpoint, and says when no running run has work left', async () => {
    const { runId, targets } = await runOver(['https://d.example/1', 'https://d.example/2']);
    expect(await crawlWorkRepository.progress(t.db, runId)).toEqual({ done: 0, remaining: 2 });
    await runSteps(t.db, [crawlWorkRepository.finishStep(runId, [targets[0]!.targetId])]);
    expect(await crawlWorkRepository.progress(t.db, runId)).toEqual({ done: 0, remaining: 1 });
    // A run excluded by the claimer (it reads as many of its pages as the run allows) is not handed out.
    expect(await claim(t.db, 'w1', { excludeRuns: [runId] })).toEqual({ waitMs: null });
    await crawlWorkRepository.clear(t.db, runId);
    expect(await claim(t.db, 'w1')).toEqual({ waitMs: null });
    // A run not running (queued, finished or failed) hands out nothing either.
    await runOver(['https://e.example/1'], 'queued');
    expect(await claim(t.db, 'w1')).toEqual({ waitMs: null });
  });

  it('lays out a redelivered run again without the targets its checkpoint holds', async () => {
    const { runId, targets } = await runOver(['https://f.example/1', 'https://f.example/2']);
    await t.db.query("insert into crawl_run_targets (run_id, target_id, status) values ($1, $2, 'done')", [
      runId,
      targets[0]!.targetId,
    ]);
    await t.db.query('delete from crawl_run_work where run_id = $1', [runId]);
    await crawlWorkRepository.seed(t.db, runId, targets);
    expect(await crawlWorkRepository.progress(t.db, runId)).toEqual({ done: 1, remaining: 1 });
  });

  // Two connections: PGlite has one, which orders the transactions.
  it.skipIf(!process.env.DATABASE_URL)(
    'does not lay out again a page another worker stores while the run is laid out',
    async () => {
      const { runId, targets } = await runOver(['https://p.example/1', 'https://p.example/2']);
      const worker = createPostgresDb(t.url!, 1);
      try {
        let seeding: Promise<void> | undefined;
        // A worker stores the first page: its checkpoint row in, its work row gone, not committed
        // yet when the run is laid out again (its coordinator died). The layout's insert waits for
        // that transaction on the row it deleted, and then finds no row to conflict with.
        await worker.transaction(async (tx) => {
          await tx.query(
            "insert into crawl_run_targets (run_id, target_id, status) values ($1, $2, 'done')",
            [runId, targets[0]!.targetId],
          );
          await tx.query('delete from crawl_run_work where run_id = $1 and target_id = $2', [
            runId,
            targets[0]!.targetId,
          ]);
          seeding = crawlWorkRepository.seed(t.db, runId, targets);
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        await seeding;
      } finally {
        await worker.close();
      }
      // The stored page is not work again (whoever claimed it would drop it as stored, and the run
      // would never end).
      expect(await crawlWorkRepository.progress(t.db, runId)).toEqual({ done: 1, remaining: 1 });
    },
  );

  it('never leases one site to two claimers at once, however many claim together', async () => {
    const sites = ['g', 'h', 'i'];
    await runOver(sites.flatMap((s) => [1, 2, 3, 4].map((n) => `https://${s}.example/${n}`)));
    // On PostgreSQL, eight connections racing; PGlite has one connection, which orders them.
    const pools = Array.from({ length: 8 }, () => (t.url ? createPostgresDb(t.url, 1) : null));
    try {
      const results = await Promise.all(pools.map((db, i) => claim(db ?? t.db, `w${i}`)));
      const claims = results.filter(isClaim);
      // Three sites: three claims, one per site, however the eight raced.
      expect(claims).toHaveLength(sites.length);
      expect(new Set(claims.map((c) => c.host)).size).toBe(sites.length);
    } finally {
      await Promise.all(pools.map((db) => db?.close()));
    }
  });
});

describe('claiming several pages in one statement', () => {
  const claimPages = (
    worker: string,
    o: Partial<Parameters<typeof crawlWorkRepository.claimPages>[1]> = {},
  ) => crawlWorkRepository.claimPages(t.db, { worker, ...LEASE, limit: 10, ...o });

  it('takes one page per free site, with what the lane needs to read it, within each run’s room', async () => {
    const { runId, targets } = await runOver([
      'https://j.example/1',
      'https://j.example/2',
      'https://k.example/1',
      'https://l.example/1',
      'https://m.example/1',
    ]);
    // The run allows four at once (parallel_workers); this worker has room for three more of it.
    const first = await claimPages('w1', { room: [{ runId, pages: 3 }] });
    expect(first.claims).toHaveLength(3);
    expect(new Set(first.claims.map((c) => c.host)).size).toBe(3);
    const onJ = first.claims.find((c) => c.host === 'j.example');
    if (onJ) expect(onJ.targetId).toBe(targets[0]!.targetId);
    // The target comes with the claim: no query of its own before the page is read.
    for (const c of first.claims) {
      expect(c.target).toMatchObject({ id: c.targetId, vendor_id: vendorId, category: 'laser_cutting' });
      expect(siteOf(c.target.url)).toBe(c.host);
    }
    // Without room listed, the run's own parallel_workers (4) bounds it: one site is left.
    const second = await claimPages('w2');
    expect(second.claims).toHaveLength(1);
    expect(first.claims.map((c) => c.host)).not.toContain(second.claims[0]!.host);
    // Every site is leased now: nothing more, and a look again within a second.
    expect(await claimPages('w3')).toEqual({ claims: [], waitMs: 1000 });
  });

  it('gives sites back with their pause in the statement that claims the next pages', async () => {
    await runOver([
      'https://n.example/1',
      'https://n.example/2',
      'https://o.example/1',
      'https://o.example/2',
    ]);
    const first = await claimPages('w1', { limit: 1 });
    expect(first.claims).toHaveLength(1);
    const host = first.claims[0]!.host;
    const other = host === 'n.example' ? 'o.example' : 'n.example';
    // One round trip: n… or o… given back with a 1.5 s pause, and the other site claimed.
    const second = await claimPages('w1', { release: [{ host, pauseMs: 1500 }] });
    expect(second.claims.map((c) => c.host)).toEqual([other]);
    const lease = await t.db.query<{ leased_by: string | null; pause_ms: number }>(
      `select leased_by, (extract(epoch from next_allowed_at - now()) * 1000)::float8 as pause_ms
         from crawl_hosts where host = $1`,
      [host],
    );
    expect(lease.rows[0]!.leased_by).toBeNull();
    expect(lease.rows[0]!.pause_ms).toBeGreaterThan(1000);
    // Nothing else is free; the site given back is the next, when its pause ends.
    const third = await claimPages('w2');
    expect(third.claims).toEqual([]);
    expect(third.waitMs).toBeGreaterThan(1000);
    expect(third.waitMs).toBeLessThanOrEqual(1500);
    // A worker cannot give back a site it does not hold.
    await crawlWorkRepository.claimPages(t.db, {
      worker: 'w2',
      ...LEASE,
      limit: 0,
      release: [{ host: other, pauseMs: 0 }],
    });
    const held = await t.db.query<{ leased_by: string | null }>(
      'select leased_by from crawl_hosts where host = $1',
      [other],
    );
    expect(held.rows[0]!.leased_by).toBe('w1');
  });
});
