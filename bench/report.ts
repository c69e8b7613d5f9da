import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Db } from '@preciofab/db/client';

export type Timing = { p50: number; p95: number };
export type ResultRow = { name: string; real: Timing; bare: Timing | null; target: number | null };

/** Nearest-rank percentile of a list of durations. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export async function machine(db: Db): Promise<string> {
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  const version =
    (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
  let pglite = '';
  if (db.kind === 'pglite') {
    const pkg = JSON.parse(
      readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    pglite = `, PGlite ${pkg.version}`;
  }
  let load = '';
  try {
    load = `, load average at start ${execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ')}`;
  } catch {
    // Not Linux: no load figure.
  }
  return `${cpus().length} cores (${cpu}), ${memory}, Node ${process.versions.node}, PostgreSQL ${version.split(' ')[0]}${pglite}${load}`;
}

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

export function table(rows: readonly ResultRow[]): string {
  const lines = [
    '| Scenario | p50 ms | p95 ms | bare p50 | bare p95 | ratio p95 | target p95 | result |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const ratio = r.bare ? r.real.p95 / r.bare.p95 : null;
    const pass = r.target === null ? '—' : r.real.p95 <= r.target ? 'pass' : 'MISS';
    lines.push(
      `| ${r.name} | ${ms(r.real.p50)} | ${ms(r.real.p95)} | ${r.bare ? ms(r.bare.p50) : '—'} | ${
        r.bare ? ms(r.bare.p95) : '—'
      } | ${ratio === null ? '—' : `${ratio.toFixed(2)}×`} | ${r.target === null ? '—' : `≤ ${r.target}`} | ${pass} |`,
    );
  }
  return lines.join('\n');
}

/** Replaces what stands between `<!-- bench:<storage> -->` and `<!-- /bench:<storage> -->`. */
export function writeIntoDoc(path: string, storage: string, body: string): void {
  const open = `<!-- bench:${storage} -->`;
  const close = `<!-- /bench:${storage} -->`;
  const doc = readFileSync(path, 'utf8');
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`${path} has no ${open} … ${close} markers`);
  writeFileSync(path, `${doc.slice(0, start + open.length)}\n${body}\n${doc.slice(end)}`);
}
