import {
  FX_IMPORT_MAX_BYTES,
  type FxImportResult,
  type FxImportStatus,
} from '@preciofab/shared/contracts/fx-rates';
import type { Translate } from '../../../i18n/use-translation.ts';
import { plural } from '../../../i18n/plural.ts';

/** Queued or running: the status is polled until it is neither. */
export const isImportPending = (status: Pick<FxImportStatus, 'state'>): boolean =>
  status.state === 'queued' || status.state === 'running';

export type ImportFileProblem = 'empty' | 'too_large' | 'unreadable';
export type ReadImportFile = { ok: true; content: string } | { ok: false; problem: ImportFileProblem };

/** The chosen file's text, or why it cannot be sent: nothing in it, or more than the API takes
 * (8 MB; the ECB's whole history since 1999 is about 2 MB). */
export async function readImportFile(file: Pick<Blob, 'size' | 'text'>): Promise<ReadImportFile> {
  if (file.size > FX_IMPORT_MAX_BYTES) return { ok: false, problem: 'too_large' };
  let content: string;
  try {
    content = await file.text();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  // A byte-order mark alone, or blank lines, is still an empty file.
  if (content.replace(/^\uFEFF/, '').trim() === '') return { ok: false, problem: 'empty' };
  return { ok: true, content };
}

/** "1,234 tipos de cambio importados de 3 monedas; 56 precios convertidos a USD." */
export function importSummary(result: FxImportResult, t: Translate, locale: string): string {
  const currencies = Object.keys(result.currencies).length;
  return t('settings.fx.import.summary', {
    rates: t(
      plural(locale, result.rates, {
        one: 'settings.fx.import.rates_one',
        other: 'settings.fx.import.rates',
      }),
      {
        count: result.rates,
      },
    ),
    currencies: t(
      plural(locale, currencies, {
        one: 'settings.fx.import.currencies_one',
        other: 'settings.fx.import.currencies',
      }),
      { count: currencies },
    ),
    prices: t(
      plural(locale, result.renormalized, {
        one: 'settings.fx.import.prices_one',
        other: 'settings.fx.import.prices',
      }),
      { count: result.renormalized },
    ),
  });
}

/** "12 valores omitidos (N/A o una moneda inactiva)", or null when none was. */
export function skippedNote(result: FxImportResult, t: Translate, locale: string): string | null {
  if (result.skipped === 0) return null;
  return t(
    plural(locale, result.skipped, {
      one: 'settings.fx.import.skipped_one',
      other: 'settings.fx.import.skipped',
    }),
    { count: result.skipped },
  );
}

/** Whether the file was refused: then nothing was written. */
export const hasImportErrors = (result: FxImportResult): boolean =>
  result.error_count > 0 || result.errors.length > 0;

/** "El archivo tiene 3 errores y no se importó nada:", and how many more there are than listed (the
 * server lists the first 20). */
export function importErrorsText(
  result: FxImportResult,
  t: Translate,
  locale: string,
): { title: string; more: string | null } {
  const count = Math.max(result.error_count, result.errors.length);
  const more = count - result.errors.length;
  return {
    title: t(
      plural(locale, count, {
        one: 'settings.fx.import.errors_title_one',
        other: 'settings.fx.import.errors_title',
      }),
      { count },
    ),
    more: more > 0 ? t('settings.fx.import.errors_more', { count: more }) : null,
  };
}

export type CurrencySpan = { code: string; from: string; to: string; count: number };

/** What the import wrote per currency, by code. */
export function currencySpans(result: FxImportResult): CurrencySpan[] {
  return Object.entries(result.currencies)
    .map(([code, span]) => ({ code, ...span }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
