/** Test and bench helper: an ECB reference-rate history shaped like `eurofxref-hist.csv`. */

/** The history file's header as the ECB publishes it, withdrawn currencies and trailing comma included. */
export const ECB_HISTORY_HEADER =
  'Date,USD,JPY,BGN,CYP,CZK,DKK,EEK,GBP,HUF,LTL,LVL,MTL,PLN,ROL,RON,SEK,SIT,SKK,CHF,ISK,NOK,HRK,RUB,TRL,TRY,AUD,BRL,CAD,CNY,HKD,IDR,ILS,INR,KRW,MXN,MYR,NZD,PHP,SGD,THB,ZAR,';

/** Rough units per euro, to keep the figures plausible. */
const LEVELS: Record<string, number> = {
  USD: 1.1,
  JPY: 150,
  BGN: 1.9558,
  CZK: 25,
  DKK: 7.46,
  GBP: 0.86,
  HUF: 380,
  PLN: 4.3,
  RON: 4.9,
  SEK: 11,
  CHF: 0.95,
  ISK: 150,
  NOK: 11.5,
  RUB: 90,
  TRY: 30,
  AUD: 1.6,
  BRL: 5.5,
  CAD: 1.47,
  CNY: 7.8,
  HKD: 8.5,
  IDR: 17000,
  ILS: 4,
  INR: 90,
  KRW: 1450,
  MXN: 18.5,
  MYR: 5,
  NZD: 1.8,
  PHP: 60,
  SGD: 1.45,
  THB: 38,
  ZAR: 20,
};

const DAY_MS = 86_400_000;

/**
 * `days` business days ending on `end`, newest first, like the real file: the withdrawn
 * currencies (CYP, EEK, …, HRK) have values in the oldest fifth and `N/A` after; ISK and RUB have
 * an `N/A` stretch; every 97th day has no dollar rate. Active currencies with a value: about 30 a day.
 */
export function ecbHistory(days: number, end = '2025-06-30'): string {
  const codes = ECB_HISTORY_HEADER.split(',').slice(1, -1);
  const lines = [ECB_HISTORY_HEADER];
  let t = Date.parse(`${end}T00:00:00Z`);
  for (let i = 0; i < days; t -= DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const age = days - i; // 1 for the oldest day
    const cells = codes.map((code, k) => {
      const level = LEVELS[code];
      if (level === undefined) return age < days / 5 ? (1 + k / 10).toFixed(4) : 'N/A';
      if (code === 'USD' && i % 97 === 96) return 'N/A';
      if ((code === 'ISK' || code === 'RUB') && i % 1000 < 150) return 'N/A';
      const value = level * (1 + 0.05 * Math.sin((i + k * 7) / 53));
      return value.toFixed(value < 10 ? 4 : value < 1000 ? 2 : 0);
    });
    lines.push(`${new Date(t).toISOString().slice(0, 10)},${cells.join(',')},`);
    i++;
  }
  return `${lines.join('\n')}\n`;
}
