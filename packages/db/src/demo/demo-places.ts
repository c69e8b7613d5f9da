import type { Currency, Region, VendorType } from '@preciofab/shared/catalogue';

/** Where demo vendors sit. `tags` give business names a local flavour; `phone` draws a number in
 * the local format from digits. Every address and number here is made up. */
export type DemoPlace = {
  city: string;
  state: string;
  country: string;
  countryCode: string;
  region: Region;
  tags: readonly string[];
  streets: readonly string[];
  phone: (digits: (n: number) => string) => string;
  currency: Currency;
  /** How many vendors sit here; `types` pins the first ones' types (others are drawn). */
  vendors: number;
  types?: readonly VendorType[];
  /** How many of the first vendors here quote in US dollars (border shops, importers). */
  usdVendors?: number;
  /** Local price level in dollar terms relative to Mexico's (1 when absent). */
  priceLevel?: number;
  /** The company form some manufacturers add to their name ('S.A. de C.V.' when absent). */
  legalSuffix?: string;
  /** Business-name words in the local language, by vendor type (the Spanish ones when absent). */
  namePrefixes?: Partial<Record<VendorType, readonly string[]>>;
  /** What the value-added tax is called on price lists ('IVA' when absent). */
  taxName?: string;
};

const mx = (area: string) => (d: (n: number) => string) =>
  area.length === 2 ? `+52 ${area} ${d(4)} ${d(4)}` : `+52 ${area} ${d(3)} ${d(4)}`;

const mexico = (
  city: string,
  state: string,
  area: string,
  vendors: number,
  tags: readonly string[],
  streets: readonly string[],
): DemoPlace => ({
  city,
  state,
  country: 'Mexico',
  countryCode: 'MX',
  region: city === 'Ciudad de México' ? 'CDMX' : 'Mexico',
  tags,
  streets,
  phone: mx(area),
  currency: 'MXN',
  vendors,
});

/** A Latin American city outside Mexico: its vendors quote in the local currency (first
 * `usdVendors` ones in dollars); one vendor per pinned type. */
const latam = (
  place: Omit<DemoPlace, 'region' | 'vendors'> & { types: readonly VendorType[] },
): DemoPlace => ({ ...place, region: 'LATAM', vendors: place.types.length });

export const DEMO_PLACES: readonly DemoPlace[] = [
  mexico(
    'Ciudad de México',
    'CDMX',
    '55',
    12,
    [
      'Roma',
      'Condesa',
      'Coyoacán',
      'Narvarte',
      'Del Valle',
      'Polanco',
      'Tlalpan',
      'Azcapotzalco',
      'Doctores',
      'Santa Fe',
      'Xochimilco',
      'Iztacalco',
      'Centro',
    ],
    [
      'Av. Insurgentes Sur',
      'Calle Durango',
      'Av. Universidad',
      'Calle Tonalá',
      'Av. Cuauhtémoc',
      'Calz. de Tlalpan',
    ],
  ),
  mexico(
    'Guadalajara',
    'Jalisco',
    '33',
    5,
    ['Tapatío', 'de Occidente', 'Jalisco', 'Chapultepec', 'Providencia'],
    ['Av. Vallarta', 'Av. López Mateos', 'Calle Morelos', 'Av. Américas'],
  ),
  mexico(
    'Monterrey',
    'Nuevo León',
    '81',
    5,
    ['Regio', 'del Norte', 'Nuevo León', 'Cumbres', 'Valle Oriente'],
    ['Av. Constitución', 'Av. Gonzalitos', 'Calle Padre Mier', 'Av. Lincoln'],
  ),
  mexico(
    'Puebla',
    'Puebla',
    '222',
    3,
    ['Angelópolis', 'Poblano', 'de Los Fuertes'],
    ['Blvd. 5 de Mayo', 'Av. Juárez', 'Calle 11 Sur'],
  ),
  mexico(
    'Querétaro',
    'Querétaro',
    '442',
    3,
    ['del Bajío', 'Querétaro', 'El Marqués'],
    ['Av. Constituyentes', 'Blvd. Bernardo Quintana', 'Av. Zaragoza'],
  ),
  mexico('Mérida', 'Yucatán', '999', 2, ['Peninsular', 'del Sureste'], ['Calle 60', 'Paseo de Montejo']),
  {
    ...mexico(
      'Tijuana',
      'Baja California',
      '664',
      2,
      ['Frontera', 'Baja'],
      ['Blvd. Agua Caliente', 'Av. Revolución'],
    ),
    types: ['manufacturer'],
    usdVendors: 1,
  },
  mexico(
    'León',
    'Guanajuato',
    '477',
    2,
    ['León', 'Bajío Centro'],
    ['Blvd. Adolfo López Mateos', 'Blvd. Campestre'],
  ),
  mexico('Aguascalientes', 'Aguascalientes', '449', 1, ['Hidrocálido'], ['Av. Universidad']),
  mexico('Saltillo', 'Coahuila', '844', 1, ['Coahuila'], ['Blvd. Venustiano Carranza']),
  mexico('Toluca', 'Estado de México', '722', 1, ['Mexiquense'], ['Paseo Tollocan']),
  mexico('San Luis Potosí', 'San Luis Potosí', '444', 1, ['Potosino'], ['Av. Carranza']),
  mexico('Hermosillo', 'Sonora', '662', 1, ['Sonorense'], ['Blvd. Kino']),
  mexico('Chihuahua', 'Chihuahua', '614', 1, ['Norteño'], ['Av. Tecnológico']),
  mexico('Morelia', 'Michoacán', '443', 1, ['Moreliano'], ['Av. Madero']),
  latam({
    city: 'Bogotá',
    state: 'Cundinamarca',
    country: 'Colombia',
    countryCode: 'CO',
    currency: 'COP',
    priceLevel: 0.92,
    legalSuffix: 'S.A.S.',
    tags: ['Andino', 'Chapinero', 'Usaquén', 'de la Sabana'],
    streets: ['Carrera 7', 'Calle 72', 'Avenida Calle 26'],
    phone: (d) => `+57 601 ${d(3)} ${d(4)}`,
    types: ['bureau', 'makerspace'],
  }),
  latam({
    city: 'Medellín',
    state: 'Antioquia',
    country: 'Colombia',
    countryCode: 'CO',
    currency: 'COP',
    priceLevel: 0.92,
    legalSuffix: 'S.A.S.',
    tags: ['Paisa', 'El Poblado', 'Antioqueño'],
    streets: ['Carrera 43A', 'Calle 10'],
    phone: (d) => `+57 604 ${d(3)} ${d(4)}`,
    types: ['manufacturer'],
  }),
  latam({
    city: 'Santiago',
    state: 'Región Metropolitana',
    country: 'Chile',
    countryCode: 'CL',
    currency: 'CLP',
    priceLevel: 1.05,
    legalSuffix: 'SpA',
    tags: ['Austral', 'Providencia', 'Ñuñoa', 'Mapocho'],
    streets: ['Av. Providencia', 'Av. Apoquindo', 'Av. Vicuña Mackenna'],
    phone: (d) => `+56 2 2${d(3)} ${d(4)}`,
    types: ['bureau', 'reseller'],
  }),
  latam({
    city: 'Buenos Aires',
    state: 'CABA',
    country: 'Argentina',
    countryCode: 'AR',
    currency: 'ARS',
    priceLevel: 1.02,
    legalSuffix: 'S.R.L.',
    tags: ['Porteño', 'Palermo', 'Rioplatense', 'Almagro'],
    streets: ['Av. Corrientes', 'Av. Santa Fe', 'Av. Rivadavia'],
    phone: (d) => `+54 11 ${d(4)}-${d(4)}`,
    types: ['bureau', 'manufacturer'],
  }),
  latam({
    city: 'Córdoba',
    state: 'Córdoba',
    country: 'Argentina',
    countryCode: 'AR',
    currency: 'ARS',
    priceLevel: 1.02,
    legalSuffix: 'S.R.L.',
    tags: ['Cordobés', 'Nueva Córdoba'],
    streets: ['Av. Colón', 'Bv. San Juan'],
    phone: (d) => `+54 351 ${d(3)}-${d(4)}`,
    types: ['makerspace'],
  }),
  latam({
    city: 'Lima',
    state: 'Lima',
    country: 'Peru',
    countryCode: 'PE',
    currency: 'PEN',
    priceLevel: 0.95,
    legalSuffix: 'S.A.C.',
    taxName: 'IGV',
    tags: ['Miraflores', 'del Pacífico', 'Limeño', 'San Isidro'],
    streets: ['Av. Larco', 'Av. Javier Prado', 'Av. Arequipa'],
    phone: (d) => `+51 1 ${d(3)} ${d(4)}`,
    // Many Peruvian importers of materials quote in dollars.
    types: ['reseller', 'bureau', 'makerspace'],
    usdVendors: 1,
  }),
  latam({
    city: 'São Paulo',
    state: 'São Paulo',
    country: 'Brazil',
    countryCode: 'BR',
    currency: 'BRL',
    priceLevel: 1.08,
    legalSuffix: 'Ltda.',
    tags: ['Paulista', 'Pinheiros', 'Vila Mariana', 'Mooca'],
    streets: ['Av. Paulista', 'Rua Augusta', 'Av. Brigadeiro Faria Lima'],
    phone: (d) => `+55 11 9${d(4)}-${d(4)}`,
    types: ['bureau', 'reseller', 'manufacturer'],
    namePrefixes: {
      bureau: ['Impressão 3D', 'Protótipos', 'Manufatura Aditiva', 'Estúdio 3D'],
      reseller: ['Filamentos', 'Insumos Maker', 'Materiais Técnicos'],
      manufacturer: ['Usinagem', 'Metalúrgica', 'Indústria', 'Usinagem de Precisão'],
    },
  }),
  {
    city: 'Austin',
    state: 'Texas',
    country: 'United States',
    countryCode: 'US',
    region: 'Global',
    tags: ['Global', 'International'],
    streets: ['Congress Ave'],
    // 555-01xx numbers are reserved for fiction in the North American plan.
    phone: (d) => `+1 512 555 01${d(2)}`,
    currency: 'USD',
    vendors: 1,
    types: ['marketplace'],
  },
  {
    city: 'Madrid',
    state: 'Comunidad de Madrid',
    country: 'Spain',
    countryCode: 'ES',
    region: 'Global',
    tags: ['Ibérica', 'Europa'],
    streets: ['Calle de Alcalá'],
    phone: (d) => `+34 91 ${d(3)} ${d(2)} ${d(2)}`,
    currency: 'EUR',
    vendors: 1,
    types: ['bureau'],
  },
];

export const FIRST_NAMES = [
  'Carlos',
  'Mariana',
  'Luis',
  'Fernanda',
  'Jorge',
  'Daniela',
  'Alejandro',
  'Sofía',
  'Ricardo',
  'Valeria',
  'Emilio',
  'Gabriela',
] as const;
export const LAST_NAMES = [
  'Mendoza',
  'Hernández',
  'Ortiz',
  'Salgado',
  'Villarreal',
  'Cárdenas',
  'Ibarra',
  'Rosales',
  'Navarro',
  'Aguilar',
  'Treviño',
  'Zamora',
] as const;
