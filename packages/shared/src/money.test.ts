import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  normalizeDecimal,
  normalizePrice,
  numberToDecimal,
  roundDecimal,
  taxBases,
  toUsd,
} from './money.ts';

/** A decimal text with up to `scale` fractional digits, from an integer count of units. */
const decimalText = (maxUnits: bigint, scale: number) =>
  fc.bigInt({ min: 1n, max: maxUnits }).map((n) => {
    const digits = n.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });

describe('decimal arithmetic', () => {
  it('adds without float drift', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(0.1 + 0.2).not.toBe(0.3); // the float artefact the module exists to avoid
    expect(addDecimal('-1.25', '1.25')).toBe('0.00');
  });

  it('rounds half away from zero, like PostgreSQL round(numeric)', () => {
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('3.5', 0)).toBe('4');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
    expect(roundDecimal('1.0000005', 6)).toBe('1.000001');
    expect(roundDecimal('1.00000049', 6)).toBe('1.000000');
    expect(roundDecimal('7', 2)).toBe('7.00');
    expect(roundDecimal('-0.0000001', 6)).toBe('0.000000');
  });

  it('divides exactly and rounds once', () => {
    expect(divideDecimal('1', '3', 6)).toBe('0.333333');
    expect(divideDecimal('2', '3', 6)).toBe('0.666667');
    expect(divideDecimal('100', '17', 6)).toBe('5.882353');
    expect(divideDecimal('-1', '8', 2)).toBe('-0.13');
    expect(() => divideDecimal('1', '0', 2)).toThrow(RangeError);
  });

  it('rejects text that is not a plain decimal', () => {
    expect(() => addDecimal('1e3', '1')).toThrow(RangeError);
    expect(() => addDecimal('1,000', '1')).toThrow(RangeError);
    expect(() => addDecimal('abc', '1')).toThrow(RangeError);
  });

  it('prints numbers as exact decimals without exponents', () => {
    expect(numberToDecimal(0.1)).toBe('0.1');
    expect(numberToDecimal(19.99)).toBe('19.99');
    expect(numberToDecimal(1e-7)).toBe('0.0000001');
    expect(numberToDecimal(1.5e21)).toBe('1500000000000000000000');
    expect(numberToDecimal(-3)).toBe('-3');
    expect(() => numberToDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips any decimal text through normalization', () => {
    fc.assert(
      fc.property(decimalText(10n ** 18n, 8), (text) => {
        const canonical = normalizeDecimal(text);
        expect(compareDecimal(canonical, text)).toBe(0);
        expect(normalizeDecimal(canonical)).toBe(canonical);
      }),
    );
  });

  it('round-trips a number through its decimal text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Number(numberToDecimal(x))).toBe(x === 0 ? 0 : x);
      }),
    );
  });

  it('keeps sums exact where floats drift', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 }), (cents) => {
        const total = cents.reduce((acc, c) => addDecimal(acc, divideDecimal(String(c), '100', 2)), '0');
        const exact = cents.reduce((a, c) => a + BigInt(c), 0n);
        expect(compareDecimal(total, divideDecimal(exact.toString(), '100', 2))).toBe(0);
      }),
    );
  });
});

describe('currency conversion', () => {
  it('converts to USD at units per dollar', () => {
    expect(toUsd('170', '17')).toBe('10.000000');
    expect(toUsd('250.50', '17.25')).toBe('14.521739');
    expect(toUsd('92', '0.92')).toBe('100.000000');
  });

  it('returns the original price after converting price × rate back (no drift)', () => {
    fc.assert(
      fc.property(decimalText(10n ** 12n, 4), decimalText(10n ** 10n, 8), (price, rate) => {
        expect(toUsd(multiplyDecimal(price, rate), rate)).toBe(roundDecimal(price, 6));
      }),
    );
  });
});

describe('IVA (16%) by tax state', () => {
  it('derives net from an included price and gross from an excluded one', () => {
    expect(taxBases('116', 'included')).toEqual({ net: '100.000000', gross: '116.000000' });
    expect(taxBases('100', 'excluded')).toEqual({ net: '100.000000', gross: '116.000000' });
    expect(taxBases('100', 'unknown')).toEqual({ net: '100.000000', gross: '116.000000' });
  });

  it('recovers the net amount from the gross it produced', () => {
    fc.assert(
      fc.property(decimalText(10n ** 14n, 6), (net) => {
        const { gross } = taxBases(net, 'excluded');
        // gross is rounded to 6 decimals, so going back is within half a unit of the 6th decimal.
        const back = taxBases(gross, 'included').net;
        const diff = addDecimal(back, `-${net}`);
        expect(compareDecimal(diff.replace('-', ''), '0.000001')).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('normalizePrice', () => {
  it('normalizes per base unit and converts, rounding each result once', () => {
    // 50 MXN for 100 g at 17 MXN/USD: 500 MXN per kg = 29.411765 USD per kg.
    expect(
      normalizePrice({
        price: '50',
        quantity: '100',
        unitFactor: '0.001',
        unitsPerUsd: '17',
        taxState: 'excluded',
      }),
    ).toEqual({ priceUsd: '29.411765', priceNetUsd: '29.411765', priceGrossUsd: '34.117647' });
    expect(
      normalizePrice({
        price: '116',
        quantity: '1',
        unitFactor: '1',
        unitsPerUsd: '1',
        taxState: 'included',
      }),
    ).toEqual({ priceUsd: '116.000000', priceNetUsd: '100.000000', priceGrossUsd: '116.000000' });
  });

  it('agrees with dividing the exact product for any input', () => {
    fc.assert(
      fc.property(
        decimalText(10n ** 12n, 4),
        decimalText(10n ** 8n, 4),
        fc.constantFrom('1', '0.001', '0.0001'),
        decimalText(10n ** 10n, 8),
        (price, quantity, unitFactor, rate) => {
          const r = normalizePrice({ price, quantity, unitFactor, unitsPerUsd: rate, taxState: 'unknown' });
          const divisor = multiplyDecimal(multiplyDecimal(quantity, unitFactor), rate);
          expect(r.priceUsd).toBe(divideDecimal(price, divisor, 6));
          expect(r.priceNetUsd).toBe(r.priceUsd);
          expect(compareDecimal(r.priceGrossUsd, r.priceUsd)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('ratio unit factors', () => {
  it('prices a per-minute quote per hour exactly (1 minute = 1/60 hour)', () => {
    const perMinute = normalizePrice({
      price: '12.5',
      quantity: '1',
      unitFactor: '1/60',
      unitsPerUsd: '1',
      taxState: 'unknown',
    });
    expect(perMinute.priceUsd).toBe('750.000000');
    const perHour = normalizePrice({
      price: '750',
      quantity: '1',
      unitFactor: '60',
      unitsPerUsd: '1',
      taxState: 'unknown',
    });
    expect(perHour.priceUsd).toBe('12.500000');
  });

  it('gives the same USD per hour whether quoted per hour or per minute, for any price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('17.25', '18.9021', '1', '0.92'),
        fc.constantFrom('included', 'excluded', 'unknown' as const),
        (cents, rate, taxState) => {
          const hourly = (BigInt(cents) * 60n).toString();
          const asMinutes = normalizePrice({
            price: `${cents}`,
            quantity: '1',
            unitFactor: '1/60',
            unitsPerUsd: rate,
            taxState,
          });
          const asHours = normalizePrice({
            price: hourly,
            quantity: '1',
            unitFactor: '1',
            unitsPerUsd: rate,
            taxState,
          });
          expect(asMinutes).toEqual(asHours);
        },
      ),
    );
  });
});
