import { describe, expect, it } from 'vitest';
import {
  FX_IMPORT_LISTED_ERRORS,
  FxImportAborted,
  detectFxFormat,
  parseFxFile,
  parseRateDate,
  utf8Length,
} from './fx-import.ts';

// The ECB's history header as published, with its withdrawn currencies and trailing comma.
const ECB_HEADER =
  'Date,USD,JPY,BGN,CYP,CZK,DKK,EEK,GBP,HUF,LTL,LVL,MTL,PLN,ROL,RON,SEK,SIT,SKK,CHF,ISK,NOK,HRK,RUB,TRL,TRY,AUD,BRL,CAD,CNY,HKD,IDR,ILS,INR,KRW,MXN,MYR,NZD,PHP,SGD,THB,ZAR,';
const codes = ECB_HEADER.split(',').slice(1, -1);
/** A history row from a code → value map; other columns N/A. */
const ecbRow = (date: string, values: Record<string, string>) =>
  `${date},${codes.map((c) => values[c] ?? 'N/A').join(',')},`;

const byKey = (rates: { currency: string; effectiveDate: string; unitsPerUsd: string }[]) =>
  Object.fromEntries(rates.map((r) => [`${r.currency} ${r.effectiveDate}`, r.unitsPerUsd]));

describe('ECB reference rates', () => {
  it('turns units per euro into units per dollar, exact to 8 decimals, EUR included', () => {
    const text = [
      ECB_HEADER,
      ecbRow('2024-01-05', { USD: '1.0921', JPY: '158.08', MXN: '18.5095', GBP: '0.86153', HRK: '7.5345' }),
      ecbRow('2024-01-04', { USD: '1.0953', MXN: '18.6521', CYP: '0.585274' }),
      '',
    ].join('\n');
    const r = parseFxFile(text, 'auto');
    expect(r.format).toBe('ecb');
    expect(r.errorCount).toBe(0);
    // Expected digits computed apart, with Python's decimal module (ROUND_HALF_UP, 50 digits).
    expect(byKey(r.rates)).toEqual({
      'EUR 2024-01-05': '0.91566706',
      'JPY 2024-01-05': '144.74864939',
      'MXN 2024-01-05': '16.94853951',
      'GBP 2024-01-05': '0.78887465',
      'EUR 2024-01-04': '0.91299187',
      'MXN 2024-01-04': '17.02921574',
    });
    // 41 currency columns: the first day has 5 values (36 N/A, HRK withdrawn), the second 3 (38
    // N/A, CYP withdrawn).
    expect(codes).toHaveLength(41);
    expect(r.skipped).toBe(36 + 1 + 38 + 1);
  });

  it('rounds half away from zero at the 8th decimal, as PostgreSQL does', () => {
    // 1 / 1.6 = 0.625 exactly; 0.000000125 / 1.6 = 0.000000078125; 0.000000125 / 1 is a half: up.
    const text = `Date,USD,GBP,\n2001-01-02,1.6,0.000000125,\n`;
    expect(byKey(parseFxFile(text, 'ecb').rates)).toEqual({
      'EUR 2001-01-02': '0.62500000',
      'GBP 2001-01-02': '0.00000008',
    });
    expect(byKey(parseFxFile('Date,USD,GBP,\n2001-01-02,1,0.000000125,\n', 'ecb').rates)).toMatchObject({
      'GBP 2001-01-02': '0.00000013',
    });
  });

  it('gives nothing for a day without a dollar rate, and counts its values as skipped', () => {
    const text = `Date,USD,JPY,MXN,\n2024-01-05,N/A,158.08,18.5,\n2024-01-04,1.0953,N/A,18.6521,\n`;
    const r = parseFxFile(text, 'ecb');
    expect(r.rates.map((x) => `${x.currency} ${x.effectiveDate}`)).toEqual([
      'EUR 2024-01-04',
      'MXN 2024-01-04',
    ]);
    expect(r.skipped).toBe(3);
  });

  it("reads the day's file, with spaces and a long date", () => {
    const text =
      'Date, USD, JPY, BGN, CZK, MXN, \r\n05 January 2024, 1.0921, 158.08, 1.9558, 24.615, 18.5095, \r\n';
    const r = parseFxFile(text, 'auto');
    expect(r.format).toBe('ecb');
    expect(byKey(r.rates)).toMatchObject({ 'MXN 2024-01-05': '16.94853951', 'BGN 2024-01-05': '1.79086164' });
    expect(r.rates).toHaveLength(5);
  });

  it('reports bad values with their line, and lists at most 20 errors', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `2024-02-${String(i + 1).padStart(2, '0')},1.1,abc,`);
    const text = `Date,USD,MXN,\n2024-13-01,1.1,18,\n2024-01-02,1.1,-3,\n2024-01-03,0,18,\n2024-01-04,1.1,18,7,\n${rows.join('\n')}`;
    const r = parseFxFile(text, 'ecb');
    expect(r.errors.slice(0, 4)).toEqual([
      { line: 2, key: 'validation.fx_import_date', values: { value: '2024-13-01' } },
      { line: 3, key: 'validation.fx_import_rate', values: { value: '-3' } },
      { line: 4, key: 'validation.fx_import_rate', values: { value: '0' } },
      { line: 5, key: 'validation.fx_import_columns', values: { expected: 3, found: 4 } },
    ]);
    // February has 29 days in 2024: the 30th is a bad date, the others bad rates.
    expect(r.errorCount).toBe(34);
    expect(r.errors).toHaveLength(FX_IMPORT_LISTED_ERRORS);
  });

  it('refuses a file without a USD column or with a day twice', () => {
    expect(parseFxFile('Date,JPY,\n2024-01-05,158,\n', 'ecb').errors[0]).toMatchObject({
      line: 1,
      key: 'validation.fx_import_ecb_no_usd',
    });
    const twice = parseFxFile('Date,USD,\n2024-01-05,1.1,\n2024-01-05,1.2,\n', 'ecb');
    expect(twice.errors).toEqual([
      { line: 3, key: 'validation.fx_import_duplicate_date', values: { date: '2024-01-05', line: 2 } },
    ]);
  });
});

describe('date,currency,units_per_usd rows', () => {
  it('reads rows in any column order and case, with ; and quotes, rounding to 8 decimals', () => {
    const text =
      '\uFEFFCurrency;Date;Units_Per_USD\r\n"mxn";2024-01-05;17.123456789\r\nCOP;2024-01-05;3950.5\r\n\r\nUSD;2024-01-05;1\r\n';
    const r = parseFxFile(text, 'auto');
    expect(r.format).toBe('rates');
    expect(r.errorCount).toBe(0);
    expect(byKey(r.rates)).toEqual({
      'MXN 2024-01-05': '17.12345679',
      'COP 2024-01-05': '3950.50000000',
      'USD 2024-01-05': '1.00000000',
    });
  });

  it('names each bad line: date, currency, rate, USD not 1, duplicates with another rate', () => {
    const text = [
      'date,currency,units_per_usd',
      '2024-02-30,MXN,17',
      '05/01/2024,MXN,17',
      '2024-01-05,XYZ,17',
      '2024-01-05,HRK,7.5',
      '2024-01-05,MXN,17,5',
      '2024-01-05,MXN,-1',
      '2024-01-05,MXN,0.000000001',
      '2024-01-05,MXN,1e3',
      '2024-01-05,USD,2',
      '2024-01-05,COP,3950',
      '2024-01-05,COP,3950.0',
      '2024-01-05,COP,3951',
      '2024-01-05,JPY,2000000000',
    ].join('\n');
    const r = parseFxFile(text, 'rates');
    expect(r.errors.map((e) => [e.line, e.key.replace('validation.', ''), e.values])).toEqual([
      [2, 'fx_import_date', { value: '2024-02-30' }],
      [3, 'fx_import_date', { value: '05/01/2024' }],
      [4, 'fx_import_currency', { value: 'XYZ' }],
      [5, 'fx_import_currency', { value: 'HRK' }],
      [7, 'fx_import_rate', { value: '-1' }],
      [8, 'fx_import_rate', { value: '0.000000001' }],
      [9, 'fx_import_rate', { value: '1e3' }],
      [10, 'fx_usd_is_one', {}],
      [13, 'fx_import_duplicate', { currency: 'COP', date: '2024-01-05', line: 11 }],
      [14, 'fx_import_rate', { value: '2000000000' }],
    ]);
    // Line 6's extra column is ignored (the value is read from its column); line 12 repeats 11.
    expect(byKey(r.rates)).toEqual({ 'MXN 2024-01-05': '17.00000000', 'COP 2024-01-05': '3950.00000000' });
  });

  it('needs its header', () => {
    expect(parseFxFile('2024-01-05,MXN,17\n', 'rates').errors[0]).toMatchObject({
      line: 1,
      key: 'validation.fx_import_header',
    });
    expect(parseFxFile('date,currency,units_per_usd\n', 'rates').errors[0]).toMatchObject({
      key: 'validation.fx_import_no_rates',
    });
  });
});

describe('the file as a whole', () => {
  it('tells the formats apart by their header', () => {
    expect(detectFxFormat(`${ECB_HEADER}\n`)).toBe('ecb');
    expect(detectFxFormat('\n\nDATE,CURRENCY,UNITS_PER_USD\n')).toBe('rates');
    expect(detectFxFormat('fecha,moneda,tipo\n')).toBeNull();
    expect(parseFxFile('fecha,moneda,tipo\n', 'auto').errors).toEqual([
      { line: 1, key: 'validation.fx_import_format_unknown', values: {} },
    ]);
  });

  it('stops past the rate cap and past its deadline', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')},MXN,17`);
    const r = parseFxFile(`date,currency,units_per_usd\n${rows.join('\n')}`, 'rates', { maxRates: 10 });
    expect(r.errors).toEqual([{ line: 12, key: 'validation.fx_import_too_many_rates', values: { max: 10 } }]);
    const many = Array.from({ length: 3000 }, () => '2024-01-01,MXN,17').join('\n');
    expect(() =>
      parseFxFile(`date,currency,units_per_usd\n${many}`, 'rates', { deadline: Date.now() - 1 }),
    ).toThrow(FxImportAborted);
  });

  it('parses dates strictly and counts bytes as UTF-8', () => {
    expect(parseRateDate('2024-02-29')).toBe('2024-02-29');
    expect(parseRateDate('2023-02-29')).toBeNull();
    expect(parseRateDate('5 January 2024')).toBe('2024-01-05');
    expect(parseRateDate('05 Janvier 2024')).toBeNull();
    expect(utf8Length('añ€😀')).toBe(1 + 2 + 3 + 4);
  });
});
