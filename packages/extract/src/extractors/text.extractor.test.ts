import { describe, expect, it } from 'vitest';
import { offer, readFixture, readWith, summary, type OfferSummary } from './fixture-helpers.ts';

const FDM = { category: 'additive_manufacturing', subcategory: 'FDM', technology: 'fdm' } as const;
const FILAMENT = { category: 'materials', subcategory: 'Filaments', price_type: 'purchase' } as const;
const RESIN = {
  category: 'materials',
  subcategory: 'Resins',
  material: 'resin',
  price_type: 'purchase',
} as const;
const CNC = { category: 'cnc_machining', technology: 'cnc' } as const;
const PER_CM3 = { unit: 'cm3', price_type: 'service_per_part' } as const;
const HOURLY = { unit: 'hour', price_type: 'service_hourly' } as const;
const PIECE = { unit: 'piece', price_type: 'service_per_part' } as const;

const cases: { fixture: string; proves: string; url?: string; expected: OfferSummary[] }[] = [
  {
    fixture: 'text-table-es-mas-iva.html',
    proves:
      'Spanish table headers, material column, page-wide "más IVA", 1,234.56, footer phone/C.P./© ignored',
    expected: [
      offer('Impresión FDM — PLA', '2.5', 'MXN', {
        ...FDM,
        ...PER_CM3,
        material: 'pla',
        includes_tax: false,
      }),
      offer('Impresión FDM — PETG', '3.1', 'MXN', {
        ...FDM,
        ...PER_CM3,
        material: 'petg',
        includes_tax: false,
      }),
      offer('Impresión SLA — Resina estándar', '8.9', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'SLA',
        technology: 'sla',
        material: 'resin',
        ...PER_CM3,
        includes_tax: false,
      }),
      offer('Impresión SLS — Nylon PA12', '1234.56', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'SLS',
        technology: 'sls',
        material: 'nylon',
        ...PIECE,
        includes_tax: false,
      }),
      offer('Corte láser CO2 de MDF 3 mm', '12', 'MXN', {
        category: 'laser_cutting',
        subcategory: 'CO2 Laser',
        technology: 'laser',
        material: 'wood',
        unit: 'minute',
        price_type: 'service_hourly',
        includes_tax: false,
      }),
      // The name says nothing; only the section it sits in does.
      offer('Servicio express', '350', 'MXN', {
        category: 'laser_cutting',
        technology: 'laser',
        includes_tax: false,
      }),
    ],
  },
  {
    fixture: 'text-table-tiers.html',
    proves: 'quantity-tier columns, "IVA incluido" note, free-shipping threshold in the same note ignored',
    expected: [
      ['1850', 1],
      ['1420', 10],
      ['990', 50],
    ]
      .map(([price, quantity]) =>
        offer('Fresado CNC soporte de aluminio', String(price), 'MXN', {
          ...CNC,
          ...PIECE,
          subcategory: 'Milling',
          material: 'metal',
          quantity: Number(quantity),
          includes_tax: true,
        }),
      )
      .concat(
        [
          ['640', 1],
          ['515', 10],
          ['430', 50],
        ].map(([price, quantity]) =>
          offer('Torneado CNC buje de latón', String(price), 'MXN', {
            ...CNC,
            ...PIECE,
            subcategory: 'Turning',
            material: 'metal',
            quantity: Number(quantity),
            includes_tax: true,
          }),
        ),
      ),
  },
  {
    fixture: 'text-cards-en-usd.html',
    proves:
      'English cards, "All prices are in USD" for a bare $, "from", "plus tax" vs "(incl. tax)", instalments and shipping banner ignored',
    expected: [
      offer('FDM 3D printing', '45', 'USD', {
        ...FDM,
        ...PIECE,
        price_is_minimum: true,
        includes_tax: false,
      }),
      offer('CNC milling', '65', 'USD', { ...CNC, ...HOURLY, subcategory: 'Milling', includes_tax: false }),
      offer('Laser engraving on wood', '1.2', 'USD', {
        category: 'laser_cutting',
        technology: 'laser',
        material: 'wood',
        unit: 'minute',
        price_type: 'service_hourly',
        includes_tax: true,
      }),
    ],
  },
  {
    fixture: 'text-list-eur-comma.html',
    proves: '1.234,56 and 24,90 €, €89,00, grams to kg, "IVA incluido", a percentage ignored',
    expected: [
      offer('Filamento PLA 1 kg', '24.9', 'EUR', {
        ...FILAMENT,
        material: 'pla',
        unit: 'kg',
        includes_tax: true,
      }),
      offer('Filamento TPU 500 g', '18.5', 'EUR', {
        ...FILAMENT,
        material: 'tpu',
        unit: 'kg',
        includes_tax: true,
      }),
      offer('Resina estándar 1 L', '1234.56', 'EUR', { ...RESIN, unit: 'liter', includes_tax: true }),
      offer('Polvo de nylon PA12 por kg', '89', 'EUR', {
        category: 'materials',
        subcategory: 'Powders',
        material: 'nylon',
        unit: 'kg',
        price_type: 'purchase',
        includes_tax: true,
      }),
    ],
  },
  {
    fixture: 'text-laser-per-minute.html',
    proves: '"por minuto" stays minute, "+ IVA", "Desde", fiber laser; 20% and 12 MSI de $33.25 ignored',
    expected: [
      offer('Corte láser CO2 de acrílico 3 mm', '12', 'MXN', {
        category: 'laser_cutting',
        subcategory: 'CO2 Laser',
        technology: 'laser',
        material: 'acrylic',
        unit: 'minute',
        price_type: 'service_hourly',
        includes_tax: false,
      }),
      offer('Grabado láser de fibra en acero inoxidable', '8.5', 'MXN', {
        category: 'laser_cutting',
        subcategory: 'Fiber Laser',
        technology: 'laser',
        material: 'metal',
        unit: 'minute',
        price_type: 'service_hourly',
        price_is_minimum: true,
      }),
    ],
  },
  {
    fixture: 'text-tiers-inline.html',
    proves:
      'inline tiers "1–9 piezas … 10+ … más de 100" share one name; "PLA $450 · PETG $520" split by separator',
    expected: [
      ...(
        [
          ['120', 1],
          ['95', 10],
          ['70', 101],
        ] as const
      ).map(([price, quantity]) =>
        offer('Impresión FDM de llavero en PLA', price, 'MXN', {
          ...FDM,
          ...PIECE,
          material: 'pla',
          quantity,
        }),
      ),
      offer('PLA', '450', 'MXN', { ...FILAMENT, material: 'pla' }),
      offer('PETG', '520', 'MXN', { ...FILAMENT, material: 'petg' }),
      offer('TPU', '680', 'MXN', { ...FILAMENT, material: 'tpu', unit: 'kg' }),
    ],
  },
  {
    fixture: 'text-blog-no-offers.html',
    proves: 'no offers: years, ©, percentages, phones, +52, C.P., sizes',
    expected: [],
  },
  {
    fixture: 'text-installments-shipping-only.html',
    proves: 'no offers: 12x, MSI, meses sin intereses, envío gratis/free shipping thresholds, pedido mínimo',
    expected: [],
  },
  {
    fixture: 'text-struck-prices.html',
    proves:
      '<del>, <s>, <strike>, .price--old, .compare-at, "Antes … Ahora", "Precio anterior" never reported',
    expected: [
      offer('Filamento PLA Silk 1 kg', '449', 'MXN', { ...FILAMENT, material: 'pla', unit: 'kg' }),
      offer('Filamento ABS 1 kg', '399', 'MXN', { ...FILAMENT, material: 'abs', unit: 'kg' }),
      offer('Filamento PETG 1 kg', '489', 'MXN', { ...FILAMENT, material: 'petg', unit: 'kg' }),
      offer('Filamento TPU 500 g', '359', 'MXN', { ...FILAMENT, material: 'tpu', unit: 'kg' }),
      offer('Resina estándar 1 L', '899', 'MXN', { ...RESIN, unit: 'liter' }),
      offer('Resina lavable con agua 1 L', '990', 'MXN', { ...RESIN, unit: 'liter' }),
    ],
  },
  {
    fixture: 'text-foreign-currencies.html',
    proves: 'COP, ARS, R$, £ and CLP read with their ISO code; ¥ (yen or yuan) left undecided on a .mx page',
    expected: [
      offer('Filamento PLA 1 kg en Bogotá', '95000', 'COP', { ...FILAMENT, material: 'pla', unit: 'kg' }),
      offer('Filamento PLA 1 kg en Buenos Aires', '25000', 'ARS', {
        ...FILAMENT,
        material: 'pla',
        unit: 'kg',
      }),
      offer('Filamento PLA 1 kg en São Paulo', '129.9', 'BRL', { ...FILAMENT, material: 'pla', unit: 'kg' }),
      offer('Filamento PLA 1 kg en Londres', '22.99', 'GBP', { ...FILAMENT, material: 'pla', unit: 'kg' }),
      offer('Filamento PLA 1 kg en Tokio', '3500', null, { ...FILAMENT, material: 'pla', unit: 'kg' }),
      offer('Filamento PLA 1 kg en Santiago', '18990', 'CLP', { ...FILAMENT, material: 'pla', unit: 'kg' }),
      offer('Filamento PLA 1 kg en CDMX', '429', 'MXN', { ...FILAMENT, material: 'pla', unit: 'kg' }),
    ],
  },
  {
    fixture: 'text-materials-shop.html',
    proves:
      'M.N., "MXN 1,150", "185 pesos", thin/narrow-space grouping, dlls, $1.234 as thousands, "precios incluyen IVA"',
    expected: [
      offer('Filamento PETG 1 kg', '450', 'MXN', {
        ...FILAMENT,
        material: 'petg',
        unit: 'kg',
        includes_tax: true,
      }),
      offer('Resina estándar 1 L', '1150', 'MXN', { ...RESIN, unit: 'liter', includes_tax: true }),
      offer('Filamento PLA 250 g', '185', 'MXN', {
        ...FILAMENT,
        material: 'pla',
        unit: 'kg',
        includes_tax: true,
      }),
      offer('Lámina de acrílico 3 mm 60×90 cm', '1234.56', 'MXN', {
        category: 'materials',
        subcategory: 'Sheets',
        material: 'acrylic',
        price_type: 'purchase',
        includes_tax: true,
      }),
      offer('Barra de aluminio 1" x 1 m', '45', 'USD', {
        category: 'materials',
        subcategory: 'Rods',
        material: 'metal',
        price_type: 'purchase',
        includes_tax: true,
      }),
      offer('Placa de MDF 3 mm por m²', '1234', 'MXN', {
        category: 'materials',
        subcategory: 'Sheets',
        material: 'wood',
        unit: 'm2',
        price_type: 'purchase',
        includes_tax: true,
      }),
    ],
  },
  {
    fixture: 'text-cnc-hourly.html',
    proves: '<dl> names, "/hora", "por hora + IVA", "A partir de", "la hora, IVA incluido", a phone ignored',
    expected: [
      offer('Fresado CNC aluminio', '850', 'MXN', {
        ...CNC,
        ...HOURLY,
        subcategory: 'Milling',
        material: 'metal',
      }),
      offer('Torneado CNC', '650', 'MXN', { ...CNC, ...HOURLY, subcategory: 'Turning', includes_tax: false }),
      offer('Electroerosión por hilo (EDM)', '1500', 'MXN', {
        ...CNC,
        subcategory: 'EDM',
        price_is_minimum: true,
      }),
      offer('Rectificado plano', '720', 'MXN', {
        ...CNC,
        ...HOURLY,
        subcategory: 'Grinding',
        includes_tax: true,
      }),
    ],
  },
  {
    fixture: 'text-latin1-decoded.html',
    proves:
      'a page served as ISO-8859-1, already decoded: entities (&oacute; &#36; &sup3; &nbsp;) and accents',
    expected: [
      offer('Impresión 3D FDM en PLA, por cm³', '2.8', 'MXN', { ...FDM, ...PER_CM3, material: 'pla' }),
      offer('Impresión en resina SLA, por cm³', '9.5', 'MXN', {
        category: 'additive_manufacturing',
        subcategory: 'SLA',
        technology: 'sla',
        material: 'resin',
        ...PER_CM3,
      }),
      offer('Diseño 3D por hora', '350', 'MXN', { category: 'additive_manufacturing', ...HOURLY }),
    ],
  },
];

describe('text extractor', () => {
  it.each(cases)('$fixture: $proves', ({ fixture, url, expected }) => {
    const offers = readWith('text', readFixture(fixture), url ?? 'https://taller.example.mx/precios');
    expect(offers.map(summary)).toEqual(expected);
  });

  it('records where each price was read and how sure it is', () => {
    const [first] = readWith('text', readFixture('text-table-es-mas-iva.html'), 'https://taller.example.mx/');
    expect(first?.extractor).toBe('text');
    expect(first?.selectors.price).toMatch(/td/);
    expect(first?.unit_text).toMatch(/cm³/);
    expect(first?.field_confidence.price).toBeGreaterThan(0);
    expect(first?.field_confidence.price).toBeLessThanOrEqual(1);
  });

  it('reads a bare $ as the peso of the country the domain names, and says so', () => {
    const html = '<p>Impresión FDM en PLA: $2.500 por hora</p>';
    const [read] = readWith('text', html, 'https://x.com.co/');
    expect(read).toMatchObject({ price: '2500', currency: 'COP' });
    expect(read?.currency_evidence).toEqual({ basis: 'domain', mark: '$', detail: 'x.com.co' });
  });

  it('takes a note about all prices even when it quotes a price of its own', () => {
    const html =
      '<html lang="es-MX"><body><h1>Tarifas CNC</h1><ul><li>Torno CNC: $720 MXN/hora</li></ul>' +
      '<p>Precios antes de IVA. El material se cotiza aparte (aluminio desde $180/kg). Trabajos mayores a 20 horas tienen descuento.</p></body></html>';
    expect(
      readWith('text', html, 'https://taller.example.mx/').map((o) => [o.offer_name, o.includes_tax]),
    ).toEqual([['Torno CNC', false]]);
  });

  it('leaves a bare $ undecided on a .com page with no other sign, unless the target says', () => {
    const html = '<html lang="es"><p>Impresión FDM en PLA: $250 por hora</p></html>';
    const [read] = readWith('text', html, 'https://impresion3d.com/');
    expect(read).toMatchObject({ price: '250', currency: null });
    expect(read?.currency_evidence.basis).toBe('none');
    expect(read?.field_confidence.currency).toBe(0);
    const [set] = readWith('text', html, 'https://impresion3d.com/', 'MXN');
    expect(set).toMatchObject({ currency: 'MXN', currency_evidence: { basis: 'target', mark: '$' } });
  });
});
