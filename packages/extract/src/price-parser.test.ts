import { describe, expect, it } from 'vitest';
import { findPrices, parseAmount, parsePrice } from './price-parser.ts';

describe('parsePrice', () => {
  it.each([
    ['$1,234.56', '1234.56', 'MXN'],
    ['1.234,56 €', '1234.56', 'EUR'],
    ['MXN 850', '850', 'MXN'],
    ['$850 M.N.', '850', 'MXN'],
    ['850 pesos', '850', 'MXN'],
    ['USD 45', '45', 'USD'],
    ['45 dlls', '45', 'USD'],
    ['US$45', '45', 'USD'],
    ['$45 USD', '45', 'USD'],
    ['€12,50', '12.5', 'EUR'],
    ['$\u00a01\u202f234.56', '1234.56', 'MXN'],
    ['$ 1\u2009234.56', '1234.56', 'MXN'],
    ['$ 1 234.56', '1234.56', 'MXN'],
    ['$1,234', '1234', 'MXN'],
    ['$1.234', '1234', 'MXN'],
    ['$12,5', '12.5', 'MXN'],
    ['$0.125', '0.125', 'MXN'],
  ])('%s → %s %s', (text, amount, currency) => {
    expect(parsePrice(text)).toMatchObject({ amount, currency });
  });

  it('reads a bare $ in the page currency, and refuses it where $ is a foreign peso', () => {
    expect(parsePrice('$45', { defaultCurrency: 'USD' })).toMatchObject({
      currency: 'USD',
      explicitCurrency: false,
    });
    expect(parsePrice('$45 MXN', { defaultCurrency: 'USD' })).toMatchObject({
      currency: 'MXN',
      explicitCurrency: true,
    });
    expect(parsePrice('$45.000', { defaultCurrency: 'unsupported' })).toBeNull();
  });

  it.each([
    '£45',
    'GBP 45',
    '95.000 COP',
    'ARS 25.000',
    'R$ 129,90',
    '¥3,500',
    '18.990 CLP',
    'CA$ 30',
    '300 pesos colombianos',
  ])('refuses %s', (text) => expect(parsePrice(text)).toBeNull());
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
    expect(findPrices('850', { allowBare: true })).toMatchObject([{ amount: '850', currency: 'MXN' }]);
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
  ])('%s → %s', (text, amount) => expect(parseAmount(text)).toBe(amount));
});
