import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '@preciofab/db/client';
import { ecbHistory } from '../testing/ecb-history.ts';
import { zipOf } from '../testing/zip-fixture.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'preciofab-fx-cli-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run fx:import -- …` as an operator runs it, on a PGlite directory of its own (never the
 * DATABASE_URL a test run may have). */
function fxImport(args: string[]): Promise<{ code: number; stdout: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'apps/worker/src/fx/fx-import-cli.ts'), ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

async function stored(sql: string): Promise<Record<string, unknown>[]> {
  const db = await createPgliteDb(dataDir);
  try {
    return (await db.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await db.close();
  }
}

describe('npm run fx:import', () => {
  it("imports the ECB's history from its ZIP into the configured database", async () => {
    const csv = ecbHistory(1000, '2025-06-30');
    writeFileSync(
      join(dir, 'eurofxref-hist.zip'),
      zipOf([{ name: 'eurofxref-hist.csv', data: Buffer.from(csv) }]),
    );
    const run = await fxImport(['--file', join(dir, 'eurofxref-hist.zip')]);
    expect(run.stdout).toMatch(
      /^imported \d+ rates \(ecb\) of 31 currencies, \d{4}-\d\d-\d\d to 2025-06-30, in /,
    );
    expect(run.code).toBe(0);
    const written = Number(/imported (\d+) rates/.exec(run.stdout)![1]);
    expect(
      await stored("select count(*)::int as n, min(source) as source from fx_rates where source = 'ecb'"),
    ).toEqual([{ n: written, source: 'ecb' }]);
    // The newest day's MXN: its value over the dollar's, 8 decimals.
    const [, usd, mxn] = /^2025-06-30,([\d.]+),(?:[^,]*,){33}([\d.]+),/m.exec(csv)!;
    const [row] = await stored(
      "select units_per_usd from fx_rates where currency = 'MXN' and effective_date = '2025-06-30'",
    );
    expect(Number(row!.units_per_usd)).toBeCloseTo(Number(mxn) / Number(usd), 7);
  });

  it('imports rows under the source given, and refuses a bad file whole, naming its lines', async () => {
    const good = join(dir, 'rates.csv');
    writeFileSync(good, 'date,currency,units_per_usd\n2024-01-02,COP,3950.5\n');
    const ok = await fxImport(['--file', good, '--format', 'rates', '--source', 'banrep']);
    expect(ok.code).toBe(0);
    expect(
      await stored("select currency, units_per_usd, source from fx_rates where currency = 'COP'"),
    ).toEqual([{ currency: 'COP', units_per_usd: '3950.50000000', source: 'banrep' }]);

    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      'date,currency,units_per_usd\n2024-01-03,COP,3960\n2024-01-04,COP,3.960,5\n2024-02-30,COP,1\n',
    );
    const refused = await fxImport(['--file', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stdout.split('\n')).toEqual([
      'Errors in the file: 1; nothing was imported',
      '  line 4: Invalid date "2024-02-30": use YYYY-MM-DD',
      '',
    ]);
    expect(await stored("select count(*)::int as n from fx_rates where currency = 'COP'")).toEqual([
      { n: 1 },
    ]);
  });

  it('explains its usage', async () => {
    expect(await fxImport([])).toMatchObject({
      code: 2,
      stdout: expect.stringContaining('usage: npm run fx:import'),
    });
    expect(await fxImport(['--file', 'x.csv', '--format', 'xml'])).toMatchObject({ code: 2 });
    expect(await fxImport(['--file', join(dir, 'missing.csv')])).toMatchObject({
      code: 2,
      stdout: expect.stringContaining('cannot read'),
    });
  });
});
