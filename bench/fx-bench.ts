/**
 * npm run bench:fx -- [--storage postgres|pglite] [--no-write]
 *
 * What writing exchange rates costs at the stated data size, through `writeFxRates` (the one path
 * the API, the importers and the provider job take): the rates and the re-normalization of every
 * observation they now apply to, in one transaction. Runs on the database `npm run bench` seeded
 * (PostgreSQL: preciofab_bench, 1M observations; PGlite: 100k) — seed it first with
 * `npm run bench -- --seed-only [--storage pglite]`. Each scenario runs in a transaction that is
 * rolled back, so the seeded data stays as it was and every scenario starts from the same state.
 * Results go to docs/PERFORMANCE.md between the fx markers; nothing fails on a slow machine.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { writeFxRates, type RateToWrite } from '@preciofab/db/fx-rates-write';
import { migrate } from '@preciofab/db/migrate';
import { ISO_CURRENCIES } from '@preciofab/shared/currencies';
import { machine, writeIntoDoc } from './report.ts';

const { values: args } = parseArgs({
  options: {
    storage: { type: 'string', default: 'postgres' },
    'no-write': { type: 'boolean', default: false },
  },
});
const storage = args.storage;
if (storage !== 'postgres' && storage !== 'pglite') throw new Error('--storage is postgres or pglite');
const log = (s: string) => process.stdout.write(`${s}\n`);

async function openDb(): Promise<Db> {
  if (storage === 'pglite') return createPgliteDb(join(tmpdir(), 'preciofab-bench-pglite'));
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = '/preciofab_bench';
  return createPostgresDb(base.toString(), 2);
}

const CODES = Object.keys(ISO_CURRENCIES).filter((c) => c !== 'USD');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A year of daily rates of one currency, drifting around `level`. */
const history = (currency: string, level: number, days: number): RateToWrite[] =>
  Array.from({ length: days }, (_, i) => ({
    currency,
    effectiveDate: day(-i),
    unitsPerUsd: (level * (1 + 0.03 * Math.sin(i / 17))).toFixed(6),
  }));

class Rollback extends Error {}

/** Runs `rates` through writeFxRates in a transaction that is then rolled back. */
async function timeWrite(db: Db, rates: RateToWrite[]): Promise<{ ms: number; renormalized: number }> {
  let out = { ms: 0, renormalized: 0 };
  await db
    .transaction(async (tx) => {
      const start = performance.now();
      const r = await writeFxRates(tx, rates, { source: 'bench', actorId: null });
      out = { ms: performance.now() - start, renormalized: r.renormalized };
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return out;
}

const db = await openDb();
await migrate(db);
const total = (await db.query<{ n: number }>('select count(*)::int as n from price_observations')).rows[0]!.n;
if (total === 0) throw new Error('no observations: run `npm run bench -- --seed-only` first');
const byCurrency = (
  await db.query<{ currency: string; n: number }>(
    'select currency, count(*)::int as n from price_observations group by currency order by currency',
  )
).rows;
log(
  `${storage}: ${total.toLocaleString('en-US')} observations (${byCurrency.map((r) => `${r.currency} ${r.n}`).join(', ')})`,
);

const scenarios: [string, RateToWrite[]][] = [
  ['One MXN rate, today (an admin edit)', [{ currency: 'MXN', effectiveDate: day(0), unitsPerUsd: '18.25' }]],
  ['One MXN rate, 30 days back', [{ currency: 'MXN', effectiveDate: day(-30), unitsPerUsd: '18.25' }]],
  [
    `A provider day: every active currency (${CODES.length}), today`,
    CODES.map((currency, i) => ({ currency, effectiveDate: day(0), unitsPerUsd: String(1 + i) })),
  ],
  [
    'A year of daily MXN and EUR rates (an import)',
    [...history('MXN', 18, 365), ...history('EUR', 0.92, 365)],
  ],
  [
    'ECB-size import: 30 currencies × 7,000 days (none of them priced here)',
    CODES.filter((c) => !['MXN', 'USD', 'EUR'].includes(c))
      .slice(0, 30)
      .flatMap((c, i) => history(c, 1 + i, 7_000)),
  ],
];

const rows: string[] = [];
for (const [name, rates] of scenarios) {
  const runs: { ms: number; renormalized: number }[] = [];
  // The small writes three times (the median counts); the imports, minutes long, once.
  const times = rates.length > 200 ? 1 : 3;
  for (let i = 0; i < times; i++) runs.push(await timeWrite(db, rates));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(times / 2)]!;
  log(
    `  ${name}: ${rates.length} rates, ${runs[0]!.renormalized} prices re-normalized, median ${ms.toFixed(0)} ms`,
  );
  rows.push(
    `| ${name} | ${rates.length.toLocaleString('en-US')} | ${runs[0]!.renormalized.toLocaleString('en-US')} | ${ms.toFixed(0)} |`,
  );
}

const body = [
  `${storage === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${total.toLocaleString('en-US')} observations; median of 3 runs (the imports: one run), ` +
    `each in a transaction rolled back afterwards. Date: ${day(0)}. Machine: ${await machine(db)}.`,
  '',
  '| Rates written | Rates | Prices re-normalized | ms |',
  '| --- | ---: | ---: | ---: |',
  ...rows,
].join('\n');
if (!args['no-write']) writeIntoDoc('docs/PERFORMANCE.md', `fx-${storage}`, body);
log(body);
await db.close();
