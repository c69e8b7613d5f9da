/**
 * npm run bench:fx-import -- [--days 6900] [--runs 3]
 *
 * What importing the ECB's whole reference-rate history costs, through the code the fx.import job
 * and `npm run fx:import` run (`runFxImport`: read the file, then `writeFxRates` and the activity
 * entry in one transaction). The file is generated (`ecbHistory`: the real header, withdrawn
 * currencies and N/A gaps, about 30 currencies with a value a day). Measured: the read alone, then
 * a first import and a repeated one (every row replaced) on fresh PGlite databases in memory and
 * on disk, and on PostgreSQL when DATABASE_URL is set (in a scratch schema dropped afterwards). No
 * observations: the re-normalization's cost is `npm run bench:fx`'s subject. Prints the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { parseFxFile } from '@preciofab/shared/fx-import';
import { runFxImport } from '@preciofab/worker/fx/fx-import-run';
import { ecbHistory } from '@preciofab/worker/testing/ecb-history';

const { values: args } = parseArgs({
  options: { days: { type: 'string', default: '6900' }, runs: { type: 'string', default: '3' } },
});
const log = (s: string) => process.stdout.write(`${s}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const file = ecbHistory(Number(args.days));
const runs = Number(args.runs);
log(`ECB history: ${Number(args.days)} days, ${(file.length / 1e6).toFixed(2)} MB`);

const reads: number[] = [];
let rates = 0;
for (let i = 0; i < runs + 2; i++) {
  const start = performance.now();
  const parsed = parseFxFile(file, 'auto');
  reads.push(performance.now() - start);
  rates = parsed.rates.length;
  if (parsed.errorCount > 0) throw new Error('the generated file has errors');
}
log(`  read: ${rates} rates in ${median(reads).toFixed(0)} ms (median of ${reads.length})`);

type Target = { name: string; open(): Promise<{ db: Db; close(): Promise<void> }> };
const targets: Target[] = [
  {
    name: 'PGlite, in memory',
    open: async () => {
      const db = await createPgliteDb();
      return { db, close: () => db.close() };
    },
  },
  {
    name: 'PGlite, on disk',
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'preciofab-fx-import-bench-'));
      const db = await createPgliteDb(dir);
      return {
        db,
        close: async () => {
          await db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (process.env.DATABASE_URL) {
  targets.push({
    name: 'PostgreSQL',
    open: async () => {
      const schema = `fx_bench_${process.pid}`;
      const admin = createPostgresDb(process.env.DATABASE_URL!, 1);
      await admin.exec(`create schema ${schema}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema},public`);
      const db = createPostgresDb(url.toString(), 2);
      return {
        db,
        close: async () => {
          await db.close();
          await admin.exec(`drop schema ${schema} cascade`);
          await admin.close();
        },
      };
    },
  });
}

for (const target of targets) {
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { db, close } = await target.open();
    try {
      await migrate(db);
      for (const into of [first, again]) {
        const start = performance.now();
        const r = await runFxImport(db, { content: file, format: 'auto', actorId: null });
        into.push(performance.now() - start);
        if (r.rates !== rates) throw new Error(`wrote ${r.rates} of ${rates}`);
      }
    } finally {
      await close();
    }
  }
  const perSecond = (ms: number) => Math.round(rates / (ms / 1000)).toLocaleString('en-US');
  log(
    `  ${target.name}: first import ${(median(first) / 1000).toFixed(1)} s (${perSecond(median(first))} rates/s), ` +
      `again ${(median(again) / 1000).toFixed(1)} s (${perSecond(median(again))} rates/s); median of ${runs}`,
  );
}
