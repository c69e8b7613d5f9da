/**
 * Imports a rate file straight into the database, through the same code as the API's import:
 *
 *   npm run fx:import -- --file eurofxref-hist.zip [--format auto|ecb|rates] [--source NAME]
 *
 * The file: the ECB's reference rates (`eurofxref-hist.csv`, its ZIP, or the day's
 * `eurofxref.csv`) or rows `date,currency,units_per_usd`. The database: DATABASE_URL when set,
 * otherwise the PGlite files under DATA_DIR (./data). PGlite belongs to one process: stop the
 * server first, or import through the API while it runs. Exit code 0 when the rates were
 * written, 1 when the file was refused (nothing is written) and 2 for a usage error.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDb } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import {
  FX_IMPORT_FORMATS,
  FX_IMPORT_MAX_BYTES,
  type FxImportFormat,
} from '@preciofab/shared/contracts/fx-rates';
import { translate } from '@preciofab/shared/i18n/messages';
import { runFxImport } from './fx-import-run.ts';
import { isZip, readZipCsv, ZipError } from './zip-entry.ts';

const USAGE = 'usage: npm run fx:import -- --file PATH [--format auto|ecb|rates] [--source NAME]';

type Options = { file: string; format: FxImportFormat; source?: string };

export function parseArgs(argv: readonly string[]): Options {
  let file: string | undefined;
  let format: FxImportFormat = 'auto';
  let source: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value\n${USAGE}`);
      return v;
    };
    if (arg === '--file') file = value();
    else if (arg === '--format') {
      const v = value();
      if (!(FX_IMPORT_FORMATS as readonly string[]).includes(v))
        throw new Error(`--format must be one of ${FX_IMPORT_FORMATS.join(', ')}`);
      format = v as FxImportFormat;
    } else if (arg === '--source') {
      source = value().trim();
      if (source === '' || source.length > 100) throw new Error('--source must have 1 to 100 characters');
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (file === undefined) throw new Error(USAGE);
  return { file, format, ...(source ? { source } : {}) };
}

const say = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

/** The file's text: a ZIP's CSV entry, or the file itself; null with a message when refused. */
function readContent(path: string): { text: string } | { refused: string } {
  // A ZIP is about a third of its CSV; a larger file is refused before it is read.
  if (statSync(path).size > FX_IMPORT_MAX_BYTES) return { refused: say('validation.fx_import_too_large') };
  const bytes = readFileSync(path);
  try {
    const csv = isZip(bytes) ? readZipCsv(bytes, FX_IMPORT_MAX_BYTES) : bytes;
    return { text: new TextDecoder('utf-8').decode(csv) };
  } catch (error) {
    if (error instanceof ZipError) return { refused: say(error.key) };
    throw error;
  }
}

export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    out(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const path = resolve(options.file);
  let content: ReturnType<typeof readContent>;
  try {
    content = readContent(path);
  } catch (error) {
    out(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  if ('refused' in content) {
    out(`${path}: ${content.refused}`);
    return 1;
  }
  const db = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? './data' });
  try {
    await migrate(db);
    const started = Date.now();
    const r = await runFxImport(db, {
      content: content.text,
      format: options.format,
      source: options.source,
      actorId: null,
    });
    if (r.error) {
      out(say(r.error.key, r.error.values));
      for (const e of r.errors) out(`  line ${e.line}: ${say(e.key, e.values)}`);
      if (r.error_count > r.errors.length) out(`  … and ${r.error_count - r.errors.length} more`);
      return 1;
    }
    const spans = Object.entries(r.currencies).sort(([a], [b]) => a.localeCompare(b));
    const from = spans.reduce((a, [, s]) => (s.from < a ? s.from : a), spans[0]?.[1].from ?? '');
    const to = spans.reduce((a, [, s]) => (s.to > a ? s.to : a), '');
    out(
      `imported ${r.rates} rates (${r.format}) of ${spans.length} currencies, ${from} to ${to}, ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; ${r.renormalized} prices re-normalized; ` +
        `${r.skipped} values skipped (N/A or withdrawn currencies)`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) {
  void main(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`fx:import failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
