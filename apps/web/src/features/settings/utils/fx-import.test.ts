import { describe, expect, it } from 'vitest';
import type { FxImportResult } from '@preciofab/shared/contracts/fx-rates';
import type { MessageKey, MessageValues } from '../../../i18n/catalogue.ts';
import { renderText } from '../../../testing/catalogues.ts';
import type { Translate } from '../../../i18n/use-translation.ts';
import { historyPage } from './fx-history.ts';
import {
  currencySpans,
  hasImportErrors,
  importErrorsText,
  importSummary,
  isImportPending,
  readImportFile,
  skippedNote,
} from './fx-import.ts';

const translator =
  (language: 'es' | 'en', locale: string): Translate =>
  (key: MessageKey, values: MessageValues = {}) =>
    renderText(language, key, values, locale);
const es = translator('es', 'es-MX');
const en = translator('en', 'en-US');

const result = (over: Partial<FxImportResult> = {}): FxImportResult => ({
  format: 'ecb',
  rates: 1234,
  currencies: {
    USD: { from: '1999-01-04', to: '2026-03-02', count: 600 },
    COP: { from: '2024-01-02', to: '2026-03-02', count: 634 },
  },
  renormalized: 56,
  skipped: 0,
  errors: [],
  error_count: 0,
  ...over,
});

const file = (text: string, size = text.length) => ({ size, text: () => Promise.resolve(text) });

describe('rate imports', () => {
  it('polls while queued or running', () => {
    expect(isImportPending({ state: 'queued' })).toBe(true);
    expect(isImportPending({ state: 'running' })).toBe(true);
    expect(isImportPending({ state: 'completed' })).toBe(false);
    expect(isImportPending({ state: 'failed' })).toBe(false);
  });

  it('says what was imported, with plurals, in both languages', () => {
    expect(importSummary(result(), es, 'es-MX')).toBe(
      '1,234 tipos de cambio importados de 2 monedas; 56 precios convertidos.',
    );
    expect(importSummary(result(), en, 'en-US')).toBe(
      '1,234 exchange rates imported for 2 currencies; 56 prices converted.',
    );
    const one = result({
      rates: 1,
      currencies: { CLP: { from: '2026-03-02', to: '2026-03-02', count: 1 } },
      renormalized: 1,
    });
    expect(importSummary(one, es, 'es-MX')).toBe(
      '1 tipo de cambio importado de 1 moneda; 1 precio convertido.',
    );
    expect(importSummary(one, en, 'en-US')).toBe(
      '1 exchange rate imported for 1 currency; 1 price converted.',
    );
    expect(importSummary(result({ renormalized: 0 }), en, 'en-US')).toContain('0 prices converted');
  });

  it('notes skipped values only when there are some', () => {
    expect(skippedNote(result(), es, 'es-MX')).toBeNull();
    expect(skippedNote(result({ skipped: 1 }), en, 'en-US')).toBe(
      '1 value skipped (N/A or an inactive currency).',
    );
    expect(skippedNote(result({ skipped: 12 }), es, 'es-MX')).toBe(
      '12 valores omitidos (N/A o una moneda inactiva).',
    );
  });

  it('says how many lines were refused and how many more than listed', () => {
    const errors = [
      { line: 3, message: 'fecha inválida' },
      { line: 9, message: 'moneda desconocida' },
    ];
    const refused = result({ rates: 0, errors, error_count: 25 });
    expect(hasImportErrors(refused)).toBe(true);
    expect(hasImportErrors(result())).toBe(false);
    expect(importErrorsText(refused, es, 'es-MX')).toEqual({
      title: 'El archivo tiene 25 errores y no se importó nada:',
      more: 'Y 23 errores más.',
    });
    expect(importErrorsText(result({ errors: errors.slice(0, 1), error_count: 1 }), en, 'en-US')).toEqual({
      title: 'The file has 1 error and nothing was imported:',
      more: null,
    });
  });

  it('lists each currency’s dates by code', () => {
    expect(currencySpans(result()).map((s) => [s.code, s.count])).toEqual([
      ['COP', 634],
      ['USD', 600],
    ]);
  });

  it('reads the file, refusing an empty or too large one', async () => {
    expect(await readImportFile(file('date,currency,units_per_usd\n2026-03-02,COP,4100\n'))).toEqual({
      ok: true,
      content: 'date,currency,units_per_usd\n2026-03-02,COP,4100\n',
    });
    expect(await readImportFile(file('\uFEFF\n \n'))).toEqual({ ok: false, problem: 'empty' });
    expect(await readImportFile(file('x', 9 * 1024 * 1024))).toEqual({ ok: false, problem: 'too_large' });
    const broken = { size: 3, text: () => Promise.reject(new Error('gone')) };
    expect(await readImportFile(broken)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('pages a currency’s history 20 at a time', () => {
    expect(historyPage(0, 45)).toEqual({ from: 1, to: 20, total: 45, hasPrevious: false, hasNext: true });
    expect(historyPage(2, 45)).toEqual({ from: 41, to: 45, total: 45, hasPrevious: true, hasNext: false });
    expect(historyPage(0, 0)).toEqual({ from: 0, to: 0, total: 0, hasPrevious: false, hasNext: false });
  });
});
