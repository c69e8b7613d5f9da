import { describe, expect, it } from 'vitest';
import { currencyCandidates, isCurrencyCode } from './currencies.ts';
import { CURRENCY_MARKS } from './currency-marks.ts';

const marks = Object.entries(CURRENCY_MARKS);

describe('CURRENCY_MARKS', () => {
  it('names only valid ISO codes, each once per mark', () => {
    for (const [mark, codes] of marks) {
      expect(codes.length, mark).toBeGreaterThan(0);
      expect(new Set(codes).size, mark).toBe(codes.length);
      for (const code of codes) expect(isCurrencyCode(code), `${mark} → ${code}`).toBe(true);
    }
  });

  it('keys marks as they are looked up: NFC, no spaces', () => {
    for (const [mark] of marks) {
      expect(mark, mark).toBe(mark.normalize('NFC'));
      expect(mark, mark).not.toMatch(/\s/);
    }
  });

  it('resolves every mark to itself', () => {
    for (const [mark, codes] of marks) expect(currencyCandidates(mark), mark).toBe(codes);
  });

  it('keeps spellings that meet without dots or in capitals agreeing', () => {
    const seen = new Map<string, readonly string[]>();
    for (const [mark, codes] of marks) {
      for (const key of [mark.replaceAll('.', ''), mark.replaceAll('.', '').toUpperCase()]) {
        const other = seen.get(key);
        if (other && key.length > 1) expect(codes, `${mark} vs ${key}`).toEqual(other);
        seen.set(key, codes);
      }
    }
  });

  it.each([
    ['$', 'USD', ['MXN', 'ARS', 'CLP', 'COP', 'UYU', 'CAD', 'AUD', 'DOP', 'CUP', 'BSD']],
    ['Bs', 'BOB', ['VES']],
    ['L', 'HNL', ['RON', 'MDL', 'ALL', 'LSL', 'SZL']],
    ['C$', 'NIO', ['CAD']],
    ['¥', 'JPY', ['CNY']],
    ['Rs', 'INR', ['PKR', 'LKR', 'NPR']],
    ['kr', 'SEK', ['NOK', 'DKK', 'ISK']],
    ['﷼', 'SAR', ['IRR']],
  ])('knows %s is ambiguous, %s first', (mark, first, others) => {
    const codes = CURRENCY_MARKS[mark] ?? [];
    expect(codes[0]).toBe(first);
    expect(codes).toEqual(expect.arrayContaining(others));
    expect(codes[1]).toBe(mark === '$' ? 'MXN' : others[0]);
  });

  it.each([
    ['US$', 'USD'],
    ['U$S', 'USD'],
    ['MX$', 'MXN'],
    ['Mex$', 'MXN'],
    ['R$', 'BRL'],
    ['S/', 'PEN'],
    ['Q', 'GTQ'],
    ['₡', 'CRC'],
    ['Bs.S', 'VES'],
    ['Bs.F', 'VES'],
    ['Bs.D', 'VES'],
    ['₲', 'PYG'],
    ['$U', 'UYU'],
    ['lei', 'RON'],
    ['RD$', 'DOP'],
    ['B/.', 'PAB'],
    ['£', 'GBP'],
    ['€', 'EUR'],
    ['CHF', 'CHF'],
    ['Fr.', 'CHF'],
    ['fr.', 'CHF'],
    ['CA$', 'CAD'],
    ['CAD$', 'CAD'],
    ['Can$', 'CAD'],
    ['A$', 'AUD'],
    ['AU$', 'AUD'],
    ['NZ$', 'NZD'],
    ['NT$', 'TWD'],
    ['HK$', 'HKD'],
    ['S$', 'SGD'],
    ['COL$', 'COP'],
    ['CLP$', 'CLP'],
    ['AR$', 'ARS'],
    ['円', 'JPY'],
    ['元', 'CNY'],
    ['RMB', 'CNY'],
    ['₹', 'INR'],
    ['₽', 'RUB'],
    ['zł', 'PLN'],
    ['Kč', 'CZK'],
    ['Ft', 'HUF'],
    ['₩', 'KRW'],
    ['₪', 'ILS'],
    ['₱', 'PHP'],
    ['₺', 'TRY'],
    ['฿', 'THB'],
    ['₫', 'VND'],
    ['RM', 'MYR'],
    ['Rp', 'IDR'],
    ['R', 'ZAR'],
    ['лв', 'BGN'],
    ['₴', 'UAH'],
    ['₸', 'KZT'],
    ['₦', 'NGN'],
    ['₵', 'GHS'],
    ['E£', 'EGP'],
    ['د.إ', 'AED'],
  ])('lists %s first as %s', (mark, code) => {
    expect(CURRENCY_MARKS[mark]?.[0]).toBe(code);
  });

  it('leaves out the Croatian kuna, gone since the euro', () => {
    expect(CURRENCY_MARKS['kn']).toBeUndefined();
  });
});

describe('currencyCandidates', () => {
  it.each([
    ['US $', 'US$'],
    ['U.S.$', 'US$'],
    ['R $', 'R$'],
    ['S/.', 'S/'],
    ['S/ .', 'S/'],
    ['Bs.', 'Bs'],
    ['Bs.S.', 'Bs.S'],
    ['BsS', 'Bs.S'],
    ['Bs. S.', 'Bs.S'],
    ['BsF', 'Bs.F'],
    ['kr.', 'kr'],
    ['KR', 'kr'],
    ['Kr.', 'kr'],
    ['ZŁ', 'zł'],
    ['KČ', 'Kč'],
    ['LEI', 'lei'],
    ['FT', 'Ft'],
    ['Col$', 'COL$'],
    ['L.', 'L'],
    ['Q.', 'Q'],
    ['Rs.', 'Rs'],
    ['F CFA', 'FCFA'],
    ['\u00a0US$\u202f', 'US$'],
    ['＄', '$'],
    ['￥', '¥'],
  ])('reads %j as %j', (written, mark) => {
    expect(currencyCandidates(written)).toBe(CURRENCY_MARKS[mark]);
  });

  it('reads a decomposed Kč', () => {
    expect(currencyCandidates('Kc\u030c')).toEqual(['CZK']);
  });

  it('resolves ISO codes in any case, bare or with a dollar sign', () => {
    expect(currencyCandidates('usd')).toEqual(['USD']);
    expect(currencyCandidates('COP')).toEqual(['COP']);
    expect(currencyCandidates('AED')).toEqual(['AED']);
    expect(currencyCandidates('MXN$')).toEqual(['MXN']);
    expect(currencyCandidates('$USD')).toEqual(['USD']);
    expect(currencyCandidates('XAU')).toBeNull();
  });

  it('keeps case where it carries meaning', () => {
    expect(currencyCandidates('l')).toBeNull();
    expect(currencyCandidates('r')).toBeNull();
    expect(currencyCandidates('q')).toBeNull();
    expect(currencyCandidates('ft')).toBeNull();
  });

  it('returns null for what is not a mark', () => {
    for (const text of ['', '  ', 'kg', 'DIN', 'KM', 'toString', '__proto__', 'constructor', '$$', 'pesos']) {
      expect(currencyCandidates(text), text).toBeNull();
    }
  });
});
