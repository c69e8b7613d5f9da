import type { Db } from '@preciofab/db/client';
import { writeFxRates } from '@preciofab/db/fx-rates-write';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import type { FxImportJobResult } from '@preciofab/shared/contracts/jobs';
import { FX_IMPORT_MAX_BYTES, type FxImportFormat } from '@preciofab/shared/contracts/fx-rates';
import { FxImportAborted, parseFxFile, utf8Length, type FxFileFormat } from '@preciofab/shared/fx-import';

export type FxImportInput = {
  content: string;
  format: FxImportFormat;
  /** Stored with each rate; 'ecb' or 'csv' by default. */
  source?: string | undefined;
  actorId: string | null;
  /** Epoch milliseconds past which the import stops and writes nothing. */
  deadline?: number;
};

export type FxImportHooks = {
  /** Runs inside the writing transaction, after the rates (the job settles its payload there). */
  inTransaction?: (tx: Db, result: FxImportJobResult) => Promise<void>;
};

const DEFAULT_SOURCE: Record<FxFileFormat, string> = { ecb: 'ecb', rates: 'csv' };

const refused = (
  format: FxFileFormat,
  key: string,
  values: Record<string, string | number> = {},
  rest: Partial<FxImportJobResult> = {},
): FxImportJobResult => ({
  format,
  rates: 0,
  currencies: {},
  renormalized: 0,
  skipped: 0,
  errors: [],
  error_count: 0,
  ...rest,
  error: { key, values },
});

/**
 * Imports a rate file: reads it (`@preciofab/shared/fx-import`), and when it has no error writes
 * every rate and re-normalizes the prices they apply to (`writeFxRates`), with one activity
 * entry, in one transaction. A file with errors, or one that runs out of time, writes nothing and
 * says why in `error`. The fx.import job and `npm run fx:import` both come here.
 */
export async function runFxImport(
  db: Db,
  input: FxImportInput,
  hooks: FxImportHooks = {},
): Promise<FxImportJobResult> {
  const guess: FxFileFormat = input.format === 'ecb' ? 'ecb' : 'rates';
  if (utf8Length(input.content) > FX_IMPORT_MAX_BYTES)
    return refused(guess, 'validation.fx_import_too_large');
  let parsed;
  try {
    parsed = parseFxFile(input.content, input.format, { deadline: input.deadline });
  } catch (error) {
    if (error instanceof FxImportAborted) return refused(guess, error.key);
    throw error;
  }
  const base = {
    format: parsed.format,
    skipped: parsed.skipped,
    errors: parsed.errors,
    error_count: parsed.errorCount,
  };
  if (parsed.errorCount > 0)
    return refused(parsed.format, 'errors.fx_import_invalid', { count: parsed.errorCount }, base);
  if (input.deadline !== undefined && Date.now() > input.deadline)
    return refused(parsed.format, 'errors.fx_import_timeout', {}, base);

  const source = input.source ?? DEFAULT_SOURCE[parsed.format];
  return db.transaction(async (tx) => {
    const written = await writeFxRates(tx, parsed.rates, { source, actorId: input.actorId });
    const result: FxImportJobResult = {
      ...base,
      rates: written.written,
      currencies: written.currencies,
      renormalized: written.renormalized,
      error: null,
    };
    const spans = Object.values(written.currencies);
    await activityRepository.record(tx, {
      actorId: input.actorId,
      action: 'fx_imported',
      entityType: 'fx_rates',
      entityId: null,
      details: {
        name: source,
        count: written.written,
        format: parsed.format,
        currencies: spans.length,
        from: spans.reduce((a, s) => (s.from < a ? s.from : a), spans[0]?.from ?? ''),
        to: spans.reduce((a, s) => (s.to > a ? s.to : a), ''),
        renormalized: written.renormalized,
        skipped: parsed.skipped,
      },
    });
    await hooks.inTransaction?.(tx, result);
    return result;
  });
}
