import { describe, expect, it } from 'vitest';
import { findPrices, parseAmount, parsePrice, scanPrices } from './price-parser.ts';

describe('parsePrice', () => {
  it.each([
    ['$1,234.56', '1234.56', '$'],
    ['1.234,56 €', '1234.56', 'EUR'],
    ['MXN 850', '850', 'MXN'],
    ['$850 M.N.', '850', 'MXN'],
    ['850 pesos', '850', 'pesos'],
    ['USD 45', '45', 'USD'],
    ['45 dlls', '45', 'USD'],
    ['US$45', '45', 'USD'],
    ['$45 USD', '45', 'USD'],
    ['€12,50', '12.5', 'EUR'],
    ['$\u00a01\u202f234.56', '1234.56', '$'],
    ['$ 1\u2009234.56', '1234.56', '$'],
    ['$ 1 234.56', '1234.56', '$'],
    ['$1,234', '1234', '$'],
    ['$1.234', '1234', '$'],
    ['$12,5', '12.5', '$'],
    ['$0.125', '0.125', '$'],
  ])('%s → %s (%s)', (text, amount, first) => {
    const price = parsePrice(text);
    expect(price?.amount).toBe(amount);
    // A mark of one currency is decided; `$` and "pesos" leave the page to decide.
    if (first === '$' || first === 'pesos') expect(price?.candidates.length).toBeGreaterThan(1);
    else expect(price?.candidates).toEqual([first]);
  });

  // Every mark of the issue, with the ISO code it can only mean, or its candidates in order.
  it.each([
    ['Q150.00', '150', ['GTQ']],
    ['₡15.000', '15000', ['CRC']],
    ['Bs 120', '120', ['BOB', 'VES']],
    ['Bs.S 120', '120', ['VES']],
    ['₲ 150.000', '150000', ['PYG']],
    ['1.500 $U', '1500', ['UYU']],
    ['USD: 45.00', '45', ['USD']],
    ['R$ 1.299,90', '1299.9', ['BRL']],
    ['S/ 89.90', '89.9', ['PEN']],
    ['S/. 89.90', '89.9', ['PEN']],
    ['L 450.00', '450', ['HNL', 'RON']],
    ['C$ 350', '350', ['NIO', 'CAD']],
    ['RD$ 2,500', '2500', ['DOP']],
    ['B/. 25.00', '25', ['PAB']],
    ['£19.99', '19.99', ['GBP']],
    ['19,99 €', '19.99', ['EUR']],
    ["CHF 1'049.95", '1049.95', ['CHF']],
    ['CHF 1’049,95', '1049.95', ['CHF']],
    ['CA$ 34.99', '34.99', ['CAD']],
    ['A$ 34.99', '34.99', ['AUD']],
    ['NZ$ 34.99', '34.99', ['NZD']],
    ['NT$1,290', '1290', ['TWD']],
    ['¥2,980', '2980', ['JPY', 'CNY']],
    ['₹1,499', '1499', ['INR']],
    ['₽ 990', '990', ['RUB']],
    ['49,99 zł', '49.99', ['PLN']],
    ['299 kr', '299', ['SEK', 'NOK', 'DKK', 'ISK']],
    ['1 290 Kč', '1290', ['CZK']],
    ['4 990 Ft', '4990', ['HUF']],
    ['89,99 lei', '89.99', ['RON', 'MDL']],
    ['₩ 39,000', '39000', ['KRW', 'KPW']],
    ['₪ 120', '120', ['ILS']],
    ['MX$ 450', '450', ['MXN']],
    ['$450.50 MXN', '450.5', ['MXN']],
    ['MXN $1,299.00', '1299', ['MXN']],
    ['USD $45', '45', ['USD']],
    ['450 pesos colombianos', '450', ['COP']],
  ])('%s → %s, %j', (text, amount, candidates) => {
    const price = parsePrice(text);
    expect(price?.amount).toBe(amount);
    expect(price?.candidates.slice(0, candidates.length)).toEqual(candidates);
    if (candidates.length === 1) expect(price?.candidates).toEqual(candidates);
  });

  it('reads a number whole or refuses it, with the reason', () => {
    for (const [text, amount] of [
      ['2 390 €', '2390'],
      ['$2\u2009390', '2390'],
      ['CHF 1’049,95', '1049.95'],
    ] as const)
      expect(parsePrice(text)?.amount).toBe(amount);
    expect(scanPrices('$119. 95')).toEqual({
      prices: [],
      refused: [{ raw: '$119. 95', reason: 'malformed_number' }],
      old: [],
    });
    expect(scanPrices('34.992001', { allowBare: true })).toEqual({
      prices: [],
      refused: [{ raw: '34.992001', reason: 'malformed_number' }],
      old: [],
    });
    expect(scanPrices('$1.234.56').refused).toEqual([{ raw: '$1.234.56', reason: 'malformed_number' }]);
    expect(scanPrices('$99,999,999,999').refused).toEqual([
      { raw: '$99,999,999,999', reason: 'out_of_range' },
    ]);
  });

  it('reads a range as its floor, in the ceiling’s currency', () => {
    expect(parsePrice('From 26 to 50 €')).toMatchObject({
      amount: '26',
      candidates: ['EUR'],
      rangeFloor: true,
    });
    expect(findPrices('$26 - $50')).toMatchObject([{ amount: '26', rangeFloor: true }]);
    // Tiers are not ranges: "1–9 piezas" has no currency.
    expect(findPrices('1–9 piezas $120 c/u').map((p) => p.amount)).toEqual(['120']);
  });

  it('never joins digits across an element boundary, and never reads digits glued to letters', () => {
    expect(findPrices('$2.22\u20630 vendidos').map((p) => p.amount)).toEqual(['2.22']);
    expect(findPrices('$45\u20633 piezas disponibles').map((p) => p.amount)).toEqual(['45']);
    expect(findPrices('$\u206345').map((p) => p.amount)).toEqual(['45']);
    expect(findPrices('Impresión 3D, 5mm, SKU123', { allowBare: true })).toEqual([]);
    expect(findPrices('Paquete A $45')[0]?.mark).toBe('$');
    expect(findPrices('Modelo PLA 450', { allowBare: true })[0]?.mark).toBeNull();
    expect(findPrices('Talla XL 45')).toEqual([]);
    // Model codes and words that happen to be marks or codes are no currency.
    expect(findPrices('Robô Aspirador com Mop 3 em 1 CE-R800 Bivolt')).toEqual([]);
    expect(findPrices('TOP 10 productos')).toEqual([]);
    expect(findPrices('usd 45')[0]?.candidates).toEqual(['USD']);
  });

  it('tells former prices named in words, and leaves thresholds out', () => {
    expect(scanPrices('Was:\u2063$949.99')).toMatchObject({ prices: [], old: ['949.99'] });
    expect(scanPrices('Antes $59.990 Ahora $45.990')).toMatchObject({
      prices: [{ amount: '45990' }],
      old: ['59990'],
    });
    expect(scanPrices('De R$ 1.599,90 por R$ 1.299,90')).toMatchObject({
      prices: [{ amount: '1299.9' }],
      old: ['1599.9'],
    });
    expect(findPrices('Despacho gratis en compras sobre $50.000')).toEqual([]);
    expect(findPrices('El precio más alto es $799.00')).toEqual([]);
  });
});

describe('findPrices traps', () => {
  it.each([
    '55 1234 5678',
    '(55) 1234-5678',
    '+52 55 1234 5678',
    'C.P. 06700',
    '2024',
    '© 2025',
    '16%',
    '20% de descuento',
    'envío gratis en compras mayores a $999',
    'Free shipping over $50',
    'free shipping on orders over $150 USD',
    '12x $33.25',
    '12 MSI de $33.25',
    '3 meses sin intereses',
    '6 pagos fijos de $150',
    'or 4 interest-free payments of $12.50',
    'Antes $500',
    'Precio anterior: $1,250',
    'Pedido mínimo $300',
    'Ahorra $100',
    '$0.00',
    'Costo de envío $99',
  ])('no price in "%s"', (text) => {
    expect(findPrices(text)).toEqual([]);
    expect(findPrices(text, { allowBare: true })).toEqual([]);
  });

  it('keeps the real price next to a trap', () => {
    expect(findPrices('Antes $500 Ahora $400').map((p) => p.amount)).toEqual(['400']);
    expect(
      findPrices('FDM $2.50 por cm³. Envío gratis en compras mayores a $999').map((p) => p.amount),
    ).toEqual(['2.5']);
    expect(findPrices('$1,299 o 12x $108.25').map((p) => p.amount)).toEqual(['1299']);
  });

  it('takes bare numbers only where a price is expected', () => {
    expect(findPrices('850')).toEqual([]);
    expect(findPrices('850', { allowBare: true })).toMatchObject([
      { amount: '850', mark: null, candidates: [] },
    ]);
    expect(findPrices('Filamento 1 kg')).toEqual([]);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234', '1234'],
    ['1.234', '1234'],
    ['1.234.567', '1234567'],
    ['1,234,567.89', '1234567.89'],
    ['12,50', '12.5'],
    ['0.125', '0.125'],
    ['1,2345', null],
    ['1.23.4', null],
    ['abc', null],
    ['34.992001', null],
    ['1.234.56', null],
    ['2 390', '2390'],
    ["1'049.95", '1049.95'],
    ['1 049,95', '1049.95'],
    ['007', null],
    ['0,045', '0.045'],
  ])('%s → %s', (text, amount) => expect(parseAmount(text)).toBe(amount));
});
