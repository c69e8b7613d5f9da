/** Decimal arithmetic on text, exact: a value is a scaled BigInt (n / 10^s), so prices never pass
 * through binary floats (0.1 + 0.2 stays 0.3). Every operation that has to drop digits rounds
 * once, half away from zero: the rule of PostgreSQL's round(numeric), so a value computed here
 * and the same value recomputed in SQL (e.g. after an exchange-rate change) agree digit for digit. */

type Scaled = { n: bigint; s: number };

/** Mexico's IVA: the rate a price is netted with when its vendor's country is not given (see
 * vat.ts for every country's). */
export const IVA_RATE = '0.16';
/** Decimals of the normalized USD prices (the numeric(18, 6) columns). */
export const USD_DECIMALS = 6;

export type TaxState = 'included' | 'excluded' | 'unknown';

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

function parse(text: string): Scaled {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal number: ${text}`);
  const [, sign, int = '0', frac = ''] = m;
  const n = BigInt(int + frac);
  return { n: sign === '-' ? -n : n, s: frac.length };
}

const pow10 = (k: number): bigint => 10n ** BigInt(k);

function format({ n, s }: Scaled): string {
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(s + 1, '0');
  const body = s === 0 ? digits : `${digits.slice(0, -s)}.${digits.slice(-s)}`;
  return neg && /[1-9]/.test(body) ? `-${body}` : body;
}

/** num / den rounded half away from zero to an integer. */
function divRound(num: bigint, den: bigint): bigint {
  if (den === 0n) throw new RangeError('division by zero');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = num / den;
  const r = num % den;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= den) return q + (num < 0n ? -1n : 1n);
  return q;
}

function rescale(v: Scaled, decimals: number): Scaled {
  if (decimals >= v.s) return { n: v.n * pow10(decimals - v.s), s: decimals };
  return { n: divRound(v.n, pow10(v.s - decimals)), s: decimals };
}

/** Whether `text` is a plain decimal number (no exponent, no grouping). */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** The exact decimal that JavaScript prints for a finite number (its shortest round-trip form),
 * without exponent notation: 0.1 → '0.1', 1e-7 → '0.0000001', 1e21 → '1000000000000000000000'. */
export function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!m) throw new RangeError(`unexpected number form: ${value}`);
  const [, sign = '', int = '0', frac = '', exp = '0'] = m;
  const v: Scaled = { n: BigInt(int + frac), s: frac.length - Number(exp) };
  const exact = v.s < 0 ? { n: v.n * pow10(-v.s), s: 0 } : v;
  return format({ n: sign ? -exact.n : exact.n, s: exact.s });
}

/** Canonical text: no leading zeros, no trailing fractional zeros ('012.50' → '12.5'). */
export function normalizeDecimal(text: string): string {
  let { n, s } = parse(text);
  while (s > 0 && n % 10n === 0n) {
    n /= 10n;
    s -= 1;
  }
  return format({ n, s });
}

/** Rounds to exactly `decimals` fractional digits, half away from zero. */
export function roundDecimal(text: string, decimals: number): string {
  return format(rescale(parse(text), decimals));
}

export function addDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const s = Math.max(x.s, y.s);
  return format({ n: rescale(x, s).n + rescale(y, s).n, s });
}

/** Exact product. */
export function multiplyDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return format({ n: x.n * y.n, s: x.s + y.s });
}

/** a / b rounded once to `decimals` digits. */
export function divideDecimal(a: string, b: string, decimals: number): string {
  const x = parse(a);
  const y = parse(b);
  // a/b = (x.n / 10^x.s) / (y.n / 10^y.s); scaled by 10^decimals and kept integral.
  const up = decimals + y.s - x.s;
  const num = up >= 0 ? x.n * pow10(up) : x.n;
  const den = up >= 0 ? y.n : y.n * pow10(-up);
  return format({ n: divRound(num, den), s: decimals });
}

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const s = Math.max(x.s, y.s);
  const d = rescale(x, s).n - rescale(y, s).n;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** A price in USD: `price` in a currency quoted at `unitsPerUsd` units per dollar. */
export function toUsd(price: string, unitsPerUsd: string, decimals = USD_DECIMALS): string {
  return divideDecimal(price, unitsPerUsd, decimals);
}

/** Net (before VAT) and gross (with VAT at `taxRate`, Mexico's IVA by default) of an amount whose
 * tax state is as observed. A price of unknown tax state is treated as net: most B2B price lists
 * in Latin America quote before tax. */
export function taxBases(
  amount: string,
  taxState: TaxState,
  decimals = USD_DECIMALS,
  taxRate = IVA_RATE,
): { net: string; gross: string } {
  const factor = addDecimal('1', taxRate);
  if (taxState === 'included') {
    return { net: divideDecimal(amount, factor, decimals), gross: roundDecimal(amount, decimals) };
  }
  return {
    net: roundDecimal(amount, decimals),
    gross: roundDecimal(multiplyDecimal(amount, factor), decimals),
  };
}

export type NormalizedPrice = { priceUsd: string; priceNetUsd: string; priceGrossUsd: string };

/** USD per base unit: price / (quantity × unit factor × units per USD), with net and gross by
 * tax state at `taxRate` (the vendor's country's VAT; Mexico's IVA by default). The unit factor is a decimal or an exact ratio 'n/d'. Each result is one exact division rounded once (no rounding of a rounded value). */
export function normalizePrice(input: {
  price: string;
  quantity: string;
  unitFactor: string;
  unitsPerUsd: string;
  taxState: TaxState;
  taxRate?: string;
}): NormalizedPrice {
  const taxFactor = addDecimal('1', input.taxRate ?? IVA_RATE);
  // A ratio factor n/d (1 minute = 1/60 hour) moves d to the numerator, so the division stays exact.
  const [factorNum = input.unitFactor, factorDen = '1'] = input.unitFactor.split('/');
  const price = multiplyDecimal(input.price, factorDen);
  const divisor = multiplyDecimal(multiplyDecimal(input.quantity, factorNum), input.unitsPerUsd);
  const withTax = multiplyDecimal(divisor, taxFactor);
  const priceUsd = divideDecimal(price, divisor, USD_DECIMALS);
  if (input.taxState === 'included') {
    return {
      priceUsd,
      priceNetUsd: divideDecimal(price, withTax, USD_DECIMALS),
      priceGrossUsd: priceUsd,
    };
  }
  const gross = divideDecimal(multiplyDecimal(price, taxFactor), divisor, USD_DECIMALS);
  return { priceUsd, priceNetUsd: priceUsd, priceGrossUsd: gross };
}
