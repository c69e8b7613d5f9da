/**
 * Shared pieces for the corpus generator: a seeded PRNG, number/money formatting, HTML escaping,
 * and the realistic filler every store page carries (menus, CSS, vendor JS, SVG sprites, reviews,
 * footers). Everything is deterministic: the same seed gives the same bytes.
 */

export type Rng = {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
  shuffle: <T>(xs: readonly T[]) => T[];
};

export function hashSeed(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function rng(seed: string | number): Rng {
  let a = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const chance = (p: number): boolean => next() < p;
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const out = xs.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };
  return { next, int, pick, chance, shuffle };
}

// ---------------------------------------------------------------------------------------------
// Numbers and money
// ---------------------------------------------------------------------------------------------

export type NumStyle = { thou: string; dec: string; decimals: number };

export const NBSP = '\u00a0';
export const NNBSP = '\u202f'; // narrow no-break space (CLDR fr/de-CH style grouping)
export const THIN = '\u2009';

export function num(v: number, s: NumStyle): string {
  const fixed = Math.abs(v).toFixed(s.decimals);
  const [int = '0', frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, s.thou);
  return (v < 0 ? '-' : '') + grouped + (frac !== undefined ? s.dec + frac : '');
}

/** The manifest's plain decimal text: dot decimal, no grouping, no trailing zeros. */
export function dec(v: number): string {
  let s = (Math.round(v * 100) / 100).toFixed(2);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

export const US2: NumStyle = { thou: ',', dec: '.', decimals: 2 };
export const US0: NumStyle = { thou: ',', dec: '.', decimals: 0 };
export const EU2: NumStyle = { thou: '.', dec: ',', decimals: 2 };
export const EU0: NumStyle = { thou: '.', dec: ',', decimals: 0 };

export type Cur = {
  /** ISO 4217 code used in structured data (the page may still hide it). */
  code: string;
  /** Display text of an amount as the store prints it (plain text, not HTML-escaped). */
  fmt: (v: number) => string;
  /** Rough units per USD, for pricing generated catalogue items. */
  scale: number;
  /** Rounds a generated price the way stores in that market do. */
  nice: (v: number) => number;
  /** Digits after the decimal separator the store shows. */
  decimals: number;
};

const endIn99 = (v: number): number => Math.max(0.99, Math.floor(v) + 0.99);
const endIn9 = (step: number) => (v: number) => Math.max(step, Math.round(v / step) * step - step / 10);
const roundTo = (step: number) => (v: number) => Math.max(step, Math.round(v / step) * step);

export const CUR = {
  USD: { code: 'USD', fmt: (v) => '$' + num(v, US2), scale: 1, nice: endIn99, decimals: 2 },
  MXN: {
    code: 'MXN',
    fmt: (v) => '$' + num(v, US2),
    scale: 18,
    nice: (v) => roundTo(10)(v) - 1,
    decimals: 2,
  },
  COP: {
    code: 'COP',
    fmt: (v) => '$ ' + num(v, EU0),
    scale: 4000,
    nice: (v) => roundTo(1000)(v) - 100,
    decimals: 0,
  },
  CLP: {
    code: 'CLP',
    fmt: (v) => '$' + num(v, EU0),
    scale: 900,
    nice: (v) => roundTo(1000)(v) - 10,
    decimals: 0,
  },
  ARS: { code: 'ARS', fmt: (v) => '$ ' + num(v, EU2), scale: 1000, nice: roundTo(0.01), decimals: 2 },
  BRL: {
    code: 'BRL',
    fmt: (v) => 'R$ ' + num(v, EU2),
    scale: 5,
    nice: (v) => Math.floor(v) + 0.9,
    decimals: 2,
  },
  PEN: {
    code: 'PEN',
    fmt: (v) => 'S/ ' + num(v, US2),
    scale: 3.7,
    nice: (v) => Math.floor(v) + 0.9,
    decimals: 2,
  },
  GTQ: { code: 'GTQ', fmt: (v) => 'Q' + num(v, US2), scale: 7.8, nice: roundTo(5), decimals: 2 },
  CRC: { code: 'CRC', fmt: (v) => '₡' + num(v, EU0), scale: 520, nice: roundTo(500), decimals: 0 },
  BOB: { code: 'BOB', fmt: (v) => 'Bs ' + num(v, US0), scale: 6.9, nice: roundTo(5), decimals: 0 },
  PYG: { code: 'PYG', fmt: (v) => '₲ ' + num(v, EU0), scale: 7300, nice: roundTo(5000), decimals: 0 },
  HNL: { code: 'HNL', fmt: (v) => 'L ' + num(v, US2), scale: 24.7, nice: roundTo(5), decimals: 2 },
  DOP: { code: 'DOP', fmt: (v) => 'RD$ ' + num(v, US0), scale: 59, nice: roundTo(50), decimals: 0 },
  PAB: {
    code: 'PAB',
    fmt: (v) => 'B/. ' + num(v, US2),
    scale: 1,
    nice: (v) => Math.round(v * 2) / 2,
    decimals: 2,
  },
  TWD: {
    code: 'TWD',
    fmt: (v) => 'NT$' + num(v, US0),
    scale: 31,
    nice: (v) => roundTo(10)(v) - 10 + 0,
    decimals: 0,
  },
  GBP: { code: 'GBP', fmt: (v) => '£' + num(v, US2), scale: 0.8, nice: endIn99, decimals: 2 },
  EUR: { code: 'EUR', fmt: (v) => num(v, EU2) + NBSP + '€', scale: 0.92, nice: endIn99, decimals: 2 },
  CHF: {
    code: 'CHF',
    fmt: (v) => 'CHF ' + num(v, { thou: "'", dec: '.', decimals: 2 }),
    scale: 0.9,
    nice: (v) => Math.round(v * 20) / 20,
    decimals: 2,
  },
  PLN: {
    code: 'PLN',
    fmt: (v) => num(v, { thou: NBSP, dec: ',', decimals: 2 }) + NBSP + 'zł',
    scale: 4,
    nice: endIn99,
    decimals: 2,
  },
  CZK: {
    code: 'CZK',
    fmt: (v) => num(v, { thou: NBSP, dec: ',', decimals: 0 }) + NBSP + 'Kč',
    scale: 23,
    nice: roundTo(10),
    decimals: 0,
  },
  SEK: {
    code: 'SEK',
    fmt: (v) => num(v, { thou: NBSP, dec: ',', decimals: 0 }) + ' kr',
    scale: 10.5,
    nice: endIn9(10),
    decimals: 0,
  },
  JPY: {
    code: 'JPY',
    fmt: (v) => '¥' + num(v, US0),
    scale: 150,
    nice: (v) => roundTo(100)(v) - 20,
    decimals: 0,
  },
  INR: {
    code: 'INR',
    fmt: (v) => '₹' + num(v, US0),
    scale: 83,
    nice: (v) => roundTo(100)(v) - 1,
    decimals: 0,
  },
  CAD: { code: 'CAD', fmt: (v) => 'CA$ ' + num(v, US2), scale: 1.36, nice: endIn99, decimals: 2 },
  UYU: { code: 'UYU', fmt: (v) => '$U ' + num(v, EU0), scale: 39, nice: roundTo(10), decimals: 0 },
} satisfies Record<string, Cur>;

export type CurCode = keyof typeof CUR;

/** A price for a generated catalogue item: usd × scale, rounded the local way. */
export function localPrice(r: Rng, cur: Cur, usdLo: number, usdHi: number): number {
  const usd = usdLo + r.next() * (usdHi - usdLo);
  const v = cur.nice(usd * cur.scale);
  return Math.round(v * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// HTML helpers
// ---------------------------------------------------------------------------------------------

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Escapes for use inside an inline <script> JSON literal. */
export function jsonInline(v: unknown, space?: number): string {
  return JSON.stringify(v, null, space)
    .replace(/<\//g, '<\\/')
    .replace(/\u2028/g, '\\u2028');
}

export function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

export function repeat<T>(n: number, f: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => f(i));
}

// ---------------------------------------------------------------------------------------------
// Languages: UI strings and vocab
// ---------------------------------------------------------------------------------------------

export type Lang = 'es' | 'pt' | 'en' | 'de' | 'pl' | 'cs' | 'sv' | 'ja' | 'zh';

export type Ui = {
  home: string;
  search: string;
  cart: string;
  account: string;
  addToCart: string;
  buyNow: string;
  quantity: string;
  description: string;
  specs: string;
  reviews: string;
  reviewsCount: (n: number) => string;
  related: string;
  alsoBought: string;
  recentlyViewed: string;
  youMayLike: string;
  newsletter: string;
  newsletterText: string;
  subscribe: string;
  email: string;
  inStock: string;
  sale: string;
  soldOut: string;
  shipping: string;
  returns: string;
  contact: string;
  about: string;
  privacy: string;
  terms: string;
  faq: string;
  rights: string;
  color: string;
  size: string;
  sku: string;
  categories: string;
  sortBy: string;
  filters: string;
  results: (n: number) => string;
  verified: string;
  helpful: string;
  close: string;
  menu: string;
  writeReview: string;
  share: string;
  wishlist: string;
  compare: string;
};

export const UI: Record<Lang, Ui> = {
  es: {
    home: 'Inicio',
    search: 'Buscar productos…',
    cart: 'Carrito',
    account: 'Mi cuenta',
    addToCart: 'Agregar al carrito',
    buyNow: 'Comprar ahora',
    quantity: 'Cantidad',
    description: 'Descripción',
    specs: 'Especificaciones',
    reviews: 'Opiniones',
    reviewsCount: (n) => `${n} reseñas`,
    related: 'Productos relacionados',
    alsoBought: 'Quienes compraron este producto también compraron',
    recentlyViewed: 'Vistos recientemente',
    youMayLike: 'También te puede interesar',
    newsletter: 'Suscríbete a nuestro boletín',
    newsletterText: 'Recibe lanzamientos, promociones y tutoriales de impresión 3D en tu correo.',
    subscribe: 'Suscribirme',
    email: 'Correo electrónico',
    inStock: 'En existencia',
    sale: 'Oferta',
    soldOut: 'Agotado',
    shipping: 'Envíos',
    returns: 'Cambios y devoluciones',
    contact: 'Contacto',
    about: 'Nosotros',
    privacy: 'Aviso de privacidad',
    terms: 'Términos y condiciones',
    faq: 'Preguntas frecuentes',
    rights: 'Todos los derechos reservados.',
    color: 'Color',
    size: 'Presentación',
    sku: 'SKU',
    categories: 'Categorías',
    sortBy: 'Ordenar por',
    filters: 'Filtros',
    results: (n) => `${n} productos`,
    verified: 'Compra verificada',
    helpful: '¿Te resultó útil?',
    close: 'Cerrar',
    menu: 'Menú',
    writeReview: 'Escribir una opinión',
    share: 'Compartir',
    wishlist: 'Agregar a favoritos',
    compare: 'Comparar',
  },
  pt: {
    home: 'Início',
    search: 'O que você procura?',
    cart: 'Carrinho',
    account: 'Minha conta',
    addToCart: 'Adicionar ao carrinho',
    buyNow: 'Comprar agora',
    quantity: 'Quantidade',
    description: 'Descrição',
    specs: 'Especificações técnicas',
    reviews: 'Avaliações',
    reviewsCount: (n) => `${n} avaliações`,
    related: 'Produtos relacionados',
    alsoBought: 'Quem comprou também comprou',
    recentlyViewed: 'Vistos recentemente',
    youMayLike: 'Você também pode gostar',
    newsletter: 'Receba nossas novidades',
    newsletterText: 'Cadastre-se e ganhe 10% OFF na primeira compra.',
    subscribe: 'Cadastrar',
    email: 'Seu e-mail',
    inStock: 'Em estoque',
    sale: 'Promoção',
    soldOut: 'Esgotado',
    shipping: 'Entregas',
    returns: 'Trocas e devoluções',
    contact: 'Fale conosco',
    about: 'Quem somos',
    privacy: 'Política de privacidade',
    terms: 'Termos de uso',
    faq: 'Dúvidas frequentes',
    rights: 'Todos os direitos reservados.',
    color: 'Cor',
    size: 'Tamanho',
    sku: 'Código',
    categories: 'Categorias',
    sortBy: 'Ordenar por',
    filters: 'Filtrar',
    results: (n) => `${n} produtos`,
    verified: 'Compra verificada',
    helpful: 'Esta avaliação foi útil?',
    close: 'Fechar',
    menu: 'Menu',
    writeReview: 'Avaliar produto',
    share: 'Compartilhar',
    wishlist: 'Favoritar',
    compare: 'Comparar',
  },
  en: {
    home: 'Home',
    search: 'Search our store',
    cart: 'Cart',
    account: 'Account',
    addToCart: 'Add to cart',
    buyNow: 'Buy it now',
    quantity: 'Quantity',
    description: 'Description',
    specs: 'Specifications',
    reviews: 'Customer Reviews',
    reviewsCount: (n) => `${n} reviews`,
    related: 'You may also like',
    alsoBought: 'Customers also bought',
    recentlyViewed: 'Recently viewed',
    youMayLike: 'Pairs well with',
    newsletter: 'Subscribe to our emails',
    newsletterText: 'Be the first to know about new filaments, restocks and exclusive offers.',
    subscribe: 'Subscribe',
    email: 'Email',
    inStock: 'In stock',
    sale: 'Sale',
    soldOut: 'Sold out',
    shipping: 'Shipping',
    returns: 'Returns',
    contact: 'Contact us',
    about: 'About us',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    faq: 'FAQ',
    rights: 'All rights reserved.',
    color: 'Color',
    size: 'Size',
    sku: 'SKU',
    categories: 'Categories',
    sortBy: 'Sort by',
    filters: 'Filter',
    results: (n) => `${n} products`,
    verified: 'Verified Buyer',
    helpful: 'Was this review helpful?',
    close: 'Close',
    menu: 'Menu',
    writeReview: 'Write a review',
    share: 'Share',
    wishlist: 'Add to wishlist',
    compare: 'Compare',
  },
  de: {
    home: 'Startseite',
    search: 'Suchbegriff eingeben…',
    cart: 'Warenkorb',
    account: 'Mein Konto',
    addToCart: 'In den Warenkorb',
    buyNow: 'Jetzt kaufen',
    quantity: 'Menge',
    description: 'Beschreibung',
    specs: 'Technische Daten',
    reviews: 'Bewertungen',
    reviewsCount: (n) => `${n} Bewertungen`,
    related: 'Ähnliche Produkte',
    alsoBought: 'Kunden kauften auch',
    recentlyViewed: 'Zuletzt angesehen',
    youMayLike: 'Das könnte Ihnen auch gefallen',
    newsletter: 'Newsletter abonnieren',
    newsletterText: 'Neuheiten, Aktionen und Anleitungen – jederzeit abbestellbar.',
    subscribe: 'Anmelden',
    email: 'E-Mail-Adresse',
    inStock: 'Auf Lager',
    sale: 'Angebot',
    soldOut: 'Ausverkauft',
    shipping: 'Versand & Lieferung',
    returns: 'Widerrufsrecht',
    contact: 'Kontakt',
    about: 'Über uns',
    privacy: 'Datenschutz',
    terms: 'AGB',
    faq: 'Häufige Fragen',
    rights: 'Alle Rechte vorbehalten.',
    color: 'Farbe',
    size: 'Größe',
    sku: 'Artikelnummer',
    categories: 'Kategorien',
    sortBy: 'Sortieren nach',
    filters: 'Filter',
    results: (n) => `${n} Artikel`,
    verified: 'Verifizierter Kauf',
    helpful: 'War diese Bewertung hilfreich?',
    close: 'Schließen',
    menu: 'Menü',
    writeReview: 'Bewertung schreiben',
    share: 'Teilen',
    wishlist: 'Auf den Merkzettel',
    compare: 'Vergleichen',
  },
  pl: {
    home: 'Strona główna',
    search: 'Szukaj w sklepie',
    cart: 'Koszyk',
    account: 'Moje konto',
    addToCart: 'Dodaj do koszyka',
    buyNow: 'Kup teraz',
    quantity: 'Ilość',
    description: 'Opis',
    specs: 'Dane techniczne',
    reviews: 'Opinie',
    reviewsCount: (n) => `${n} opinii`,
    related: 'Podobne produkty',
    alsoBought: 'Klienci kupili również',
    recentlyViewed: 'Ostatnio oglądane',
    youMayLike: 'Może Ci się spodobać',
    newsletter: 'Zapisz się do newslettera',
    newsletterText: 'Nowości i promocje prosto na Twoją skrzynkę.',
    subscribe: 'Zapisz się',
    email: 'Adres e-mail',
    inStock: 'Dostępny',
    sale: 'Promocja',
    soldOut: 'Wyprzedany',
    shipping: 'Dostawa',
    returns: 'Zwroty',
    contact: 'Kontakt',
    about: 'O nas',
    privacy: 'Polityka prywatności',
    terms: 'Regulamin',
    faq: 'FAQ',
    rights: 'Wszelkie prawa zastrzeżone.',
    color: 'Kolor',
    size: 'Rozmiar',
    sku: 'Kod produktu',
    categories: 'Kategorie',
    sortBy: 'Sortuj według',
    filters: 'Filtry',
    results: (n) => `${n} produktów`,
    verified: 'Potwierdzony zakup',
    helpful: 'Czy ta opinia była pomocna?',
    close: 'Zamknij',
    menu: 'Menu',
    writeReview: 'Napisz opinię',
    share: 'Udostępnij',
    wishlist: 'Dodaj do ulubionych',
    compare: 'Porównaj',
  },
  cs: {
    home: 'Úvod',
    search: 'Hledat v obchodě',
    cart: 'Košík',
    account: 'Můj účet',
    addToCart: 'Do košíku',
    buyNow: 'Koupit',
    quantity: 'Množství',
    description: 'Popis',
    specs: 'Parametry',
    reviews: 'Hodnocení',
    reviewsCount: (n) => `${n} hodnocení`,
    related: 'Související produkty',
    alsoBought: 'Zákazníci také koupili',
    recentlyViewed: 'Naposledy prohlížené',
    youMayLike: 'Mohlo by se vám líbit',
    newsletter: 'Odebírejte novinky',
    newsletterText: 'Novinky a akce do vašeho e-mailu.',
    subscribe: 'Přihlásit',
    email: 'E-mail',
    inStock: 'Skladem',
    sale: 'Akce',
    soldOut: 'Vyprodáno',
    shipping: 'Doprava',
    returns: 'Vrácení zboží',
    contact: 'Kontakt',
    about: 'O nás',
    privacy: 'Ochrana osobních údajů',
    terms: 'Obchodní podmínky',
    faq: 'Časté dotazy',
    rights: 'Všechna práva vyhrazena.',
    color: 'Barva',
    size: 'Velikost',
    sku: 'Kód',
    categories: 'Kategorie',
    sortBy: 'Řadit podle',
    filters: 'Filtry',
    results: (n) => `${n} produktů`,
    verified: 'Ověřený nákup',
    helpful: 'Bylo hodnocení užitečné?',
    close: 'Zavřít',
    menu: 'Menu',
    writeReview: 'Napsat hodnocení',
    share: 'Sdílet',
    wishlist: 'Do oblíbených',
    compare: 'Porovnat',
  },
  sv: {
    home: 'Hem',
    search: 'Sök produkter',
    cart: 'Varukorg',
    account: 'Mitt konto',
    addToCart: 'Lägg i varukorgen',
    buyNow: 'Köp nu',
    quantity: 'Antal',
    description: 'Beskrivning',
    specs: 'Specifikationer',
    reviews: 'Recensioner',
    reviewsCount: (n) => `${n} recensioner`,
    related: 'Liknande produkter',
    alsoBought: 'Andra köpte även',
    recentlyViewed: 'Senast visade',
    youMayLike: 'Du kanske också gillar',
    newsletter: 'Prenumerera på vårt nyhetsbrev',
    newsletterText: 'Nyheter, erbjudanden och guider direkt i inkorgen.',
    subscribe: 'Prenumerera',
    email: 'E-postadress',
    inStock: 'I lager',
    sale: 'Rea',
    soldOut: 'Slutsåld',
    shipping: 'Frakt',
    returns: 'Returer',
    contact: 'Kontakta oss',
    about: 'Om oss',
    privacy: 'Integritetspolicy',
    terms: 'Köpvillkor',
    faq: 'Vanliga frågor',
    rights: 'Alla rättigheter förbehållna.',
    color: 'Färg',
    size: 'Storlek',
    sku: 'Artikelnr',
    categories: 'Kategorier',
    sortBy: 'Sortera efter',
    filters: 'Filter',
    results: (n) => `${n} produkter`,
    verified: 'Verifierat köp',
    helpful: 'Var recensionen till hjälp?',
    close: 'Stäng',
    menu: 'Meny',
    writeReview: 'Skriv en recension',
    share: 'Dela',
    wishlist: 'Spara',
    compare: 'Jämför',
  },
  ja: {
    home: 'ホーム',
    search: '商品を検索',
    cart: 'カート',
    account: 'マイページ',
    addToCart: 'カートに追加する',
    buyNow: '今すぐ購入',
    quantity: '数量',
    description: '商品説明',
    specs: '仕様',
    reviews: 'レビュー',
    reviewsCount: (n) => `${n}件のレビュー`,
    related: '関連商品',
    alsoBought: 'この商品を買った人はこんな商品も買っています',
    recentlyViewed: '最近チェックした商品',
    youMayLike: 'おすすめ商品',
    newsletter: 'メールマガジン登録',
    newsletterText: '新商品やセール情報をお届けします。',
    subscribe: '登録する',
    email: 'メールアドレス',
    inStock: '在庫あり',
    sale: 'セール',
    soldOut: '売り切れ',
    shipping: '配送について',
    returns: '返品・交換',
    contact: 'お問い合わせ',
    about: '会社概要',
    privacy: 'プライバシーポリシー',
    terms: '特定商取引法に基づく表記',
    faq: 'よくある質問',
    rights: 'All rights reserved.',
    color: 'カラー',
    size: 'サイズ',
    sku: '品番',
    categories: 'カテゴリー',
    sortBy: '並び替え',
    filters: '絞り込み',
    results: (n) => `${n}件`,
    verified: '購入者',
    helpful: '参考になった',
    close: '閉じる',
    menu: 'メニュー',
    writeReview: 'レビューを書く',
    share: 'シェア',
    wishlist: 'お気に入り',
    compare: '比較',
  },
  zh: {
    home: '首頁',
    search: '搜尋商品',
    cart: '購物車',
    account: '會員中心',
    addToCart: '加入購物車',
    buyNow: '立即購買',
    quantity: '數量',
    description: '商品描述',
    specs: '規格',
    reviews: '商品評價',
    reviewsCount: (n) => `${n} 則評價`,
    related: '相關商品',
    alsoBought: '買了此商品的人也買了',
    recentlyViewed: '最近瀏覽',
    youMayLike: '你可能也喜歡',
    newsletter: '訂閱電子報',
    newsletterText: '搶先收到新品與優惠資訊。',
    subscribe: '訂閱',
    email: '電子郵件',
    inStock: '現貨供應',
    sale: '特價',
    soldOut: '售完',
    shipping: '運送方式',
    returns: '退換貨政策',
    contact: '聯絡我們',
    about: '關於我們',
    privacy: '隱私權政策',
    terms: '服務條款',
    faq: '常見問題',
    rights: '版權所有',
    color: '顏色',
    size: '尺寸',
    sku: '商品編號',
    categories: '商品分類',
    sortBy: '排序',
    filters: '篩選',
    results: (n) => `共 ${n} 件商品`,
    verified: '已購買',
    helpful: '這則評價有幫助嗎？',
    close: '關閉',
    menu: '選單',
    writeReview: '撰寫評價',
    share: '分享',
    wishlist: '加入收藏',
    compare: '比較',
  },
};

/** Category tree of a fabrication / maker shop, per language. */
export const MENU: Record<Lang, [string, string[]][]> = {
  es: [
    [
      'Impresoras 3D',
      ['FDM', 'Resina (SLA/MSLA)', 'Gran formato', 'Multicolor', 'Kits', 'Reacondicionadas', 'Educación'],
    ],
    [
      'Filamentos',
      [
        'PLA',
        'PLA+',
        'PETG',
        'ABS',
        'ASA',
        'TPU flexible',
        'Nylon',
        'Fibra de carbono',
        'Seda',
        'Madera',
        'Muestras',
      ],
    ],
    [
      'Resinas',
      ['Estándar', 'Lavable en agua', 'ABS-like', 'Flexible', 'Dental', 'Joyería', 'Alta temperatura'],
    ],
    [
      'Repuestos',
      [
        'Boquillas',
        'Hotends',
        'Extrusores',
        'Camas y superficies',
        'Bandas y poleas',
        'Ventiladores',
        'Termistores',
        'Placas controladoras',
      ],
    ],
    [
      'CNC y Láser',
      [
        'Routers CNC',
        'Grabadoras láser',
        'Fresas y brocas',
        'Lentes y espejos',
        'Extractores',
        'Mesas de panal',
      ],
    ],
    [
      'Electrónica',
      [
        'Arduino',
        'ESP32',
        'Raspberry Pi',
        'Motores a pasos',
        'Drivers',
        'Fuentes de poder',
        'Sensores',
        'Cables y conectores',
      ],
    ],
    ['Materiales', ['Acrílico', 'MDF', 'Contrachapado', 'Aluminio', 'Polipropileno', 'Cuero', 'Fieltro']],
    [
      'Herramientas',
      ['Calibradores', 'Pinzas', 'Espátulas', 'Postprocesado', 'Secadores de filamento', 'Lijado y pulido'],
    ],
    [
      'Servicios',
      [
        'Impresión 3D bajo pedido',
        'Corte láser',
        'Maquinado CNC',
        'Escaneo 3D',
        'Diseño CAD',
        'Capacitación',
      ],
    ],
  ],
  pt: [
    ['Impressoras 3D', ['FDM', 'Resina', 'Grande formato', 'Multicor', 'Kits', 'Recondicionadas']],
    ['Filamentos', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', 'Nylon', 'Fibra de carbono', 'Silk', 'Amostras']],
    ['Resinas', ['Standard', 'Lavável em água', 'ABS-like', 'Flexível', 'Odontológica']],
    ['Peças de reposição', ['Bicos', 'Hotends', 'Extrusoras', 'Mesas', 'Correias', 'Coolers', 'Placas']],
    ['CNC e Laser', ['Routers CNC', 'Gravadoras laser', 'Fresas', 'Lentes', 'Exaustores']],
    ['Eletrônica', ['Arduino', 'ESP32', 'Raspberry Pi', 'Motores de passo', 'Drivers', 'Fontes', 'Sensores']],
    ['Ferramentas', ['Paquímetros', 'Alicates', 'Espátulas', 'Pós-processamento', 'Secadoras']],
    ['Serviços', ['Impressão 3D sob demanda', 'Corte a laser', 'Usinagem CNC', 'Escaneamento 3D']],
  ],
  en: [
    ['3D Printers', ['FDM', 'Resin', 'Large format', 'Multi-color', 'Kits', 'Refurbished', 'Education']],
    [
      'Filament',
      [
        'PLA',
        'PLA+',
        'PETG',
        'ABS',
        'ASA',
        'TPU',
        'Nylon',
        'Carbon fiber',
        'Silk',
        'Wood fill',
        'Sample packs',
      ],
    ],
    ['Resin', ['Standard', 'Water washable', 'ABS-like', 'Tough', 'Flexible', 'Dental', 'Castable']],
    [
      'Parts',
      [
        'Nozzles',
        'Hotends',
        'Extruders',
        'Build plates',
        'Belts & pulleys',
        'Fans',
        'Thermistors',
        'Mainboards',
      ],
    ],
    [
      'CNC & Laser',
      ['CNC routers', 'Laser engravers', 'End mills', 'Lenses & mirrors', 'Air assist', 'Honeycomb beds'],
    ],
    [
      'Electronics',
      ['Arduino', 'ESP32', 'Raspberry Pi', 'Stepper motors', 'Drivers', 'Power supplies', 'Sensors'],
    ],
    ['Tools', ['Calipers', 'Pliers', 'Scrapers', 'Post-processing', 'Filament dryers', 'Sanding']],
    ['Services', ['On-demand 3D printing', 'Laser cutting', 'CNC machining', '3D scanning', 'CAD design']],
  ],
  de: [
    ['3D-Drucker', ['FDM', 'Resin', 'Großformat', 'Mehrfarbig', 'Bausätze', 'B-Ware']],
    ['Filamente', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', 'Nylon', 'Carbon', 'Silk', 'Holz', 'Musterpakete']],
    ['Harze', ['Standard', 'Wasserwaschbar', 'ABS-ähnlich', 'Flexibel', 'Dental']],
    ['Ersatzteile', ['Düsen', 'Hotends', 'Extruder', 'Druckplatten', 'Riemen', 'Lüfter', 'Mainboards']],
    ['CNC & Laser', ['CNC-Fräsen', 'Lasergravierer', 'Fräser', 'Linsen', 'Absaugung']],
    ['Elektronik', ['Arduino', 'ESP32', 'Raspberry Pi', 'Schrittmotoren', 'Netzteile', 'Sensoren']],
    ['Werkzeug', ['Messschieber', 'Zangen', 'Spachtel', 'Nachbearbeitung', 'Filamenttrockner']],
    ['Pflege & Reinigung', ['Reiniger', 'Handschuhe', 'Isopropanol', 'Tücher']],
  ],
  pl: [
    ['Drukarki 3D', ['FDM', 'Żywiczne', 'Wielkoformatowe', 'Zestawy']],
    ['Filamenty', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', 'Nylon', 'Próbki']],
    ['Żywice', ['Standardowe', 'Zmywalne wodą', 'Elastyczne']],
    ['Części', ['Dysze', 'Hotendy', 'Ekstrudery', 'Stoły', 'Paski', 'Wentylatory']],
    ['Elektronika', ['Arduino', 'ESP32', 'Raspberry Pi', 'Silniki krokowe', 'Zasilacze']],
    ['Narzędzia', ['Suwmiarki', 'Szczypce', 'Szpachelki', 'Suszarki']],
  ],
  cs: [
    ['3D tiskárny', ['FDM', 'Resinové', 'Velkoformátové', 'Stavebnice']],
    ['Filamenty', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', 'Nylon', 'Vzorky']],
    ['Pryskyřice', ['Standardní', 'Omyvatelné vodou', 'Flexibilní']],
    ['Náhradní díly', ['Trysky', 'Hotendy', 'Extrudery', 'Podložky', 'Řemeny', 'Ventilátory']],
    ['Elektronika', ['Arduino', 'ESP32', 'Raspberry Pi', 'Krokové motory', 'Zdroje']],
    ['Nářadí', ['Posuvná měřítka', 'Kleště', 'Špachtle', 'Sušičky']],
  ],
  sv: [
    ['3D-skrivare', ['FDM', 'Resin', 'Storformat', 'Byggsatser']],
    ['Filament', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', 'Nylon', 'Provpaket']],
    ['Resin', ['Standard', 'Vattentvättbar', 'Flexibel']],
    ['Reservdelar', ['Munstycken', 'Hotends', 'Extruders', 'Byggplattor', 'Remmar', 'Fläktar']],
    ['Elektronik', ['Arduino', 'ESP32', 'Raspberry Pi', 'Stegmotorer', 'Nätaggregat']],
    ['Verktyg', ['Skjutmått', 'Tänger', 'Spatlar', 'Filamenttorkar']],
  ],
  ja: [
    ['3Dプリンター', ['FDM方式', '光造形', '大型', 'マルチカラー', 'キット']],
    ['フィラメント', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', 'ナイロン', 'カーボン', 'シルク', 'お試しセット']],
    ['レジン', ['スタンダード', '水洗い', 'ABSライク', 'フレキシブル']],
    ['交換部品', ['ノズル', 'ホットエンド', 'エクストルーダー', 'ビルドプレート', 'ベルト', 'ファン']],
    ['電子工作', ['Arduino', 'ESP32', 'Raspberry Pi', 'ステッピングモーター', '電源']],
    ['工具', ['ノギス', 'ニッパー', 'スクレーパー', '後処理', 'フィラメント乾燥機']],
  ],
  zh: [
    ['3D 印表機', ['FDM', '光固化', '大尺寸', '多色列印', '套件']],
    ['線材', ['PLA', 'PETG', 'ABS', 'ASA', 'TPU', '尼龍', '碳纖維', '絲綢', '試用包']],
    ['光敏樹脂', ['標準', '水洗', '類ABS', '彈性']],
    ['零件耗材', ['噴嘴', '熱端', '擠出機', '列印平台', '皮帶', '風扇']],
    ['電子材料', ['Arduino', 'ESP32', 'Raspberry Pi', '步進馬達', '電源供應器']],
    ['工具', ['游標卡尺', '斜口鉗', '鏟刀', '後處理', '乾燥箱']],
  ],
};

export const BRANDS = [
  'Bambu Lab',
  'Prusa',
  'Creality',
  'Elegoo',
  'Anycubic',
  'eSun',
  'Sunlu',
  'Polymaker',
  'Formlabs',
  'Snapmaker',
  'xTool',
  'Flashforge',
  'Sovol',
  'Qidi',
  'Phrozen',
  'Siraya Tech',
  'Overture',
  'Hatchbox',
  'Fillamentum',
  'Spectrum',
  'Kingroon',
  'Artillery',
  'Ortur',
  'Atomstack',
  'E3D',
  'Micro Swiss',
  'Bondtech',
  'Capricorn',
  'BIQU',
  'Raspberry Pi',
] as const;

const COLORS: Record<Lang, string[]> = {
  es: [
    'Negro',
    'Blanco',
    'Gris',
    'Rojo',
    'Azul',
    'Verde',
    'Naranja',
    'Natural',
    'Amarillo',
    'Morado',
    'Plata',
    'Oro',
  ],
  pt: [
    'Preto',
    'Branco',
    'Cinza',
    'Vermelho',
    'Azul',
    'Verde',
    'Laranja',
    'Natural',
    'Amarelo',
    'Roxo',
    'Prata',
  ],
  en: [
    'Black',
    'White',
    'Grey',
    'Red',
    'Blue',
    'Green',
    'Orange',
    'Natural',
    'Yellow',
    'Purple',
    'Silver',
    'Gold',
  ],
  de: ['Schwarz', 'Weiß', 'Grau', 'Rot', 'Blau', 'Grün', 'Orange', 'Natur', 'Gelb', 'Lila', 'Silber'],
  pl: ['Czarny', 'Biały', 'Szary', 'Czerwony', 'Niebieski', 'Zielony', 'Pomarańczowy', 'Naturalny'],
  cs: ['Černá', 'Bílá', 'Šedá', 'Červená', 'Modrá', 'Zelená', 'Oranžová', 'Přírodní'],
  sv: ['Svart', 'Vit', 'Grå', 'Röd', 'Blå', 'Grön', 'Orange', 'Natur'],
  ja: ['ブラック', 'ホワイト', 'グレー', 'レッド', 'ブルー', 'グリーン', 'オレンジ', 'ナチュラル'],
  zh: ['黑色', '白色', '灰色', '紅色', '藍色', '綠色', '橘色', '原色'],
};

const ITEM_TEMPLATES: Record<Lang, string[]> = {
  es: [
    'Filamento {m} {b} 1.75 mm 1 kg {c}',
    'Filamento {m} {b} 1.75 mm 250 g {c}',
    'Resina {r} {b} 1 L {c}',
    'Boquilla de latón 0.4 mm {b} (paquete de 5)',
    'Boquilla de acero endurecido 0.6 mm {b}',
    'Hotend completo {b} 24 V',
    'Cama PEI texturizada 235 x 235 mm {b}',
    'Banda GT2 6 mm (5 m)',
    'Motor a pasos NEMA 17 {b} 42-40',
    'Secador de filamento {b} doble',
    'Kit de espátulas y pinzas {b}',
    'Fresa de carburo 1/8" 2 filos',
    'Lámina de acrílico 3 mm 60 x 40 cm {c}',
    'MDF 3 mm 60 x 40 cm (10 piezas)',
    'Módulo láser {b} 10 W',
    'Placa ESP32 DevKit V1',
    'Fuente de poder 24 V 15 A',
    'Termistor NTC 100K (paquete de 3)',
    'Impresora 3D {b} {p}',
    'Ventilador 4010 24 V {b}',
    'Extrusor dual gear {b}',
    'Cuchilla de recorte y limas (set de 12)',
  ],
  pt: [
    'Filamento {m} {b} 1,75 mm 1 kg {c}',
    'Resina {r} {b} 1 kg {c}',
    'Bico de latão 0,4 mm {b} (kit com 5)',
    'Hotend completo {b} 24 V',
    'Mesa PEI texturizada 235 x 235 mm',
    'Correia GT2 6 mm (5 m)',
    'Motor de passo NEMA 17 {b}',
    'Secadora de filamento {b}',
    'Kit espátulas {b}',
    'Fresa de metal duro 1/8"',
    'Impressora 3D {b} {p}',
    'Placa ESP32 DevKit',
    'Fonte 24 V 15 A',
    'Cooler 4010 24 V',
    'Extrusora dual gear {b}',
  ],
  en: [
    '{b} {m} Filament 1.75mm 1kg {c}',
    '{b} {m} Filament 1.75mm 250g {c}',
    '{b} {r} Resin 1L {c}',
    '{b} Brass Nozzle 0.4mm (5-pack)',
    '{b} Hardened Steel Nozzle 0.6mm',
    '{b} Complete Hotend 24V',
    '{b} Textured PEI Sheet 235x235mm',
    'GT2 Belt 6mm (5m)',
    '{b} NEMA 17 Stepper Motor',
    '{b} Dual Filament Dryer',
    '{b} Scraper & Tweezers Kit',
    'Carbide End Mill 1/8" 2-Flute',
    'Cast Acrylic Sheet 3mm 12x24" {c}',
    '{b} {p} 3D Printer',
    'ESP32 DevKit V1 Board',
    '24V 15A Power Supply',
    '{b} 4010 Blower Fan 24V',
    '{b} Dual Gear Extruder',
  ],
  de: [
    '{b} {m} Filament 1,75 mm 1 kg {c}',
    '{b} {r} Resin 1 l {c}',
    '{b} Messingdüse 0,4 mm (5 Stück)',
    '{b} Hotend komplett 24 V',
    '{b} PEI-Federstahlplatte 235 x 235 mm',
    'GT2 Zahnriemen 6 mm (5 m)',
    '{b} Schrittmotor NEMA 17',
    '{b} Filamenttrockner',
    '{b} {p} 3D-Drucker',
    'Isopropanol 99,9 % 1 l',
    'ESP32 DevKit V1',
    'Netzteil 24 V 15 A',
    '{b} Radiallüfter 4010 24 V',
  ],
  pl: [
    'Filament {b} {m} 1,75 mm 1 kg {c}',
    'Żywica {b} {r} 1 kg {c}',
    'Dysza mosiężna {b} 0,4 mm (5 szt.)',
    'Hotend {b} 24 V',
    'Płyta PEI {b} 235 x 235 mm',
    'Pasek GT2 6 mm (5 m)',
    'Silnik krokowy NEMA 17 {b}',
    'Suszarka do filamentu {b}',
    'Drukarka 3D {b} {p}',
    'Zasilacz 24 V 15 A',
  ],
  cs: [
    'Filament {b} {m} 1,75 mm 1 kg {c}',
    'Pryskyřice {b} {r} 1 kg {c}',
    'Mosazná tryska {b} 0,4 mm (5 ks)',
    'Hotend {b} 24 V',
    'PEI podložka {b} 235 x 235 mm',
    'Řemen GT2 6 mm (5 m)',
    'Krokový motor NEMA 17 {b}',
    'Sušička filamentu {b}',
    '3D tiskárna {b} {p}',
    'Zdroj 24 V 15 A',
  ],
  sv: [
    '{b} {m} filament 1,75 mm 1 kg {c}',
    '{b} {r} resin 1 l {c}',
    '{b} mässingsmunstycke 0,4 mm (5-pack)',
    '{b} hotend 24 V',
    '{b} PEI-plåt 235 x 235 mm',
    'GT2-rem 6 mm (5 m)',
    '{b} stegmotor NEMA 17',
    '{b} filamenttork',
    '{b} {p} 3D-skrivare',
  ],
  ja: [
    '{b} {m} フィラメント 1.75mm 1kg {c}',
    '{b} {r} レジン 1L {c}',
    '{b} 真鍮ノズル 0.4mm 5個入',
    '{b} ホットエンド 24V',
    '{b} PEIシート 235×235mm',
    'GT2ベルト 6mm 5m',
    '{b} ステッピングモーター NEMA17',
    '{b} フィラメント乾燥機',
    '{b} {p} 3Dプリンター',
  ],
  zh: [
    '{b} {m} 線材 1.75mm 1kg {c}',
    '{b} {r} 光敏樹脂 1L {c}',
    '{b} 黃銅噴嘴 0.4mm（5入）',
    '{b} 熱端套件 24V',
    '{b} PEI 彈簧鋼板 235×235mm',
    'GT2 皮帶 6mm（5m）',
    '{b} 步進馬達 NEMA17',
    '{b} 線材乾燥箱',
    '{b} {p} 3D 印表機',
  ],
};

const MATERIALS = [
  'PLA',
  'PLA+',
  'PETG',
  'ABS',
  'ASA',
  'TPU 95A',
  'PLA Silk',
  'PLA Matte',
  'PETG-CF',
  'Nylon PA12',
];
const RESINS = ['Standard', 'ABS-Like', 'Water Washable', '8K', 'Tough 2.0'];
const MODELS = [
  'A1 mini',
  'K1C',
  'Neptune 4 Pro',
  'Kobra 3',
  'Ender-3 V3',
  'Saturn 4 Ultra',
  'Photon Mono M7',
  'MK4S',
  'Adventurer 5M',
];

export type GenItem = { name: string; usdLo: number; usdHi: number };

/** A plausible catalogue item name (with a USD price band used to price it in local currency). */
export function genItem(r: Rng, lang: Lang): GenItem {
  const t = r.pick(ITEM_TEMPLATES[lang]);
  const name = t
    .replace('{m}', r.pick(MATERIALS))
    .replace('{r}', r.pick(RESINS))
    .replace('{b}', r.pick(BRANDS))
    .replace('{c}', r.pick(COLORS[lang]))
    .replace('{p}', r.pick(MODELS));
  let lo = 12;
  let hi = 35;
  if (/Impresora|Impressora|3D Printer|3D-Drucker|Drukarka|tiskárna|skrivare|プリンター|印表機/.test(name)) {
    lo = 190;
    hi = 900;
  } else if (
    /250 ?g|Nozzle|Boquilla|Bico|Düse|Dysza|tryska|munstycke|ノズル|噴嘴|Termistor|Thermistor|Banda|Belt|Correia|Riemen|Pasek|Řemen|rem|ベルト|皮帶/.test(
      name,
    )
  ) {
    lo = 5;
    hi = 15;
  } else if (
    /Hotend|Extrusor|Extruder|Extrusora|láser|Laser|Secador|Dryer|Secadora|trockner|Suszarka|Sušička|tork|乾燥|Fuente|Power|Fonte|Netzteil|Zasilacz|Zdroj/.test(
      name,
    )
  ) {
    lo = 25;
    hi = 120;
  }
  return { name, usdLo: lo, usdHi: hi };
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export type DateStyle = 'en-long' | 'dmy-slash' | 'dmy-dot' | 'es-long' | 'ymd-slash' | 'iso' | 'mdy-slash';

export function fmtDate(y: number, m: number, d: number, style: DateStyle): string {
  switch (style) {
    case 'en-long':
      return `${MONTHS_EN[m - 1]} ${d}, ${y}`;
    case 'es-long':
      return `${d} de ${MONTHS_ES[m - 1]} de ${y}`;
    case 'dmy-slash':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'mdy-slash':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'dmy-dot':
      return `${pad(d)}.${pad(m)}.${y}`;
    case 'ymd-slash':
      return `${y}/${pad(m)}/${pad(d)}`;
    case 'iso':
      return `${y}-${pad(m)}-${pad(d)}`;
  }
}

export function randDate(r: Rng, y0 = 2018, y1 = 2025): [number, number, number] {
  return [r.int(y0, y1), r.int(1, 12), r.int(1, 28)];
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

const REVIEW_BODIES: Record<Lang, string[]> = {
  es: [
    'Imprime muy bien a 210 °C y 60 °C de cama, sin hilos. Llegó en 2 días.',
    'El carrete venía sellado al vacío con desecante. Diámetro constante, medí 1.74–1.76 mm en varios puntos.',
    'Buena relación calidad-precio. Lo compré en oferta y salió más barato que en otras tiendas.',
    'Tuve que ajustar la retracción a 0.8 mm, después de eso perfecto. Lo recomiendo.',
    'Excelente atención por WhatsApp, me ayudaron a calibrar el flujo.',
    'El color es un poco más oscuro que en la foto, pero la calidad es muy buena.',
    'Llevo 6 carretes y ninguno se ha enredado. Ya es mi marca de confianza.',
    'Llegó con la caja golpeada pero el producto en perfecto estado. Cinco estrellas por el servicio.',
    'A este precio no hay nada mejor. Lo volveré a comprar cuando haya descuento.',
    'Funciona bien, aunque el envío tardó 8 días hábiles.',
    'Piezas funcionales con muy buena adhesión entre capas. Ideal para prototipos.',
    'Pedí 3 y me llegaron 3, bien empacados. Factura enviada al día siguiente.',
  ],
  pt: [
    'Imprime muito bem a 215 °C, sem stringing. Chegou em 3 dias em São Paulo.',
    'Carretel embalado a vácuo com sílica. Diâmetro bem constante.',
    'Ótimo custo-benefício, comprei na promoção e valeu cada centavo.',
    'Precisei ajustar a retração, depois ficou perfeito. Recomendo!',
    'Atendimento excelente pelo WhatsApp.',
    'A cor é um pouco diferente da foto, mas a qualidade é ótima.',
    'Já comprei 5 rolos, nenhum embolou.',
    'Entrega rápida, produto conforme anunciado. Nota 10.',
    'Bom produto, mas o frete para o Nordeste é caro.',
  ],
  en: [
    'Prints beautifully at 210°C with a 60°C bed, barely any stringing. Arrived in 2 days.',
    'Came vacuum sealed with desiccant. Diameter was consistent, I measured 1.74-1.76mm all along.',
    'Great value. I got it during the sale and it was cheaper than on Amazon.',
    'Had to bump retraction to 0.8mm, after that it was perfect. Would recommend.',
    'Customer service was fantastic, they replaced a tangled spool with no questions asked.',
    'Color is a little darker than the photos but quality is excellent.',
    'This is my sixth spool and not a single tangle. My go-to brand now.',
    'Box was dented but the product was fine. Five stars for the support team.',
    'Honestly the best filament I have used at this price point.',
    'Works fine but shipping to Alaska took over a week.',
    'Layer adhesion is superb, great for functional parts and jigs.',
  ],
  de: [
    'Druckt sehr sauber bei 210 °C, kaum Fäden. Lieferung in 2 Tagen.',
    'Vakuumverpackt mit Trockenmittel, Durchmesser sehr konstant.',
    'Preis-Leistung top, im Angebot gekauft.',
    'Retraction musste ich etwas anpassen, danach perfekt.',
    'Sehr freundlicher Support, schnelle Antwort.',
    'Farbe etwas dunkler als auf dem Foto, Qualität aber super.',
    'Schon die fünfte Rolle, keine einzige verknotet.',
  ],
  pl: [
    'Drukuje bardzo ładnie w 210 °C. Dostawa w 2 dni.',
    'Zapakowany próżniowo, średnica bardzo stabilna.',
    'Świetny stosunek jakości do ceny.',
    'Musiałem poprawić retrakcję, potem idealnie.',
    'Bardzo dobry kontakt ze sklepem.',
  ],
  cs: [
    'Tiskne velmi čistě při 210 °C. Doručeno za 2 dny.',
    'Vakuově baleno, průměr velmi stabilní.',
    'Skvělý poměr cena/výkon.',
    'Musel jsem upravit retrakci, pak perfektní.',
    'Rychlá a ochotná komunikace.',
  ],
  sv: [
    'Skriver ut väldigt fint i 210 °C. Levererades på 2 dagar.',
    'Vakuumförpackad med torkmedel, jämn diameter.',
    'Prisvärt, köpte på rea.',
    'Fick justera retraktionen, sen perfekt.',
    'Snabb och trevlig kundtjänst.',
  ],
  ja: [
    '210℃で糸引きもほとんどなく綺麗に印刷できました。2日で届きました。',
    '真空パックで乾燥剤入り。径も安定しています。',
    'セールで購入、コスパ最高です。',
    'リトラクションを調整したら完璧になりました。',
    'サポートの対応がとても丁寧でした。',
  ],
  zh: [
    '210°C 列印效果很好，幾乎沒有拉絲。兩天就到貨。',
    '真空包裝附乾燥劑，線徑很穩定。',
    '特價時購買，CP 值很高。',
    '調整回抽後就很完美了。',
    '客服回覆很快，推薦。',
  ],
};

const NAMES: Record<Lang, string[]> = {
  es: [
    'Carlos M.',
    'Ana G.',
    'Luis F.',
    'María José R.',
    'Jorge H.',
    'Daniela P.',
    'Ricardo S.',
    'Fernanda L.',
    'Miguel Á.',
    'Sofía C.',
    'Andrés V.',
    'Valeria T.',
  ],
  pt: [
    'João P.',
    'Mariana S.',
    'Lucas R.',
    'Fernanda A.',
    'Rafael C.',
    'Beatriz L.',
    'Gustavo M.',
    'Camila F.',
  ],
  en: [
    'Mike R.',
    'Jessica T.',
    'David K.',
    'Sarah L.',
    'Chris P.',
    'Emily W.',
    'Jason B.',
    'Amanda H.',
    'Kevin M.',
  ],
  de: ['Thomas K.', 'Julia M.', 'Stefan B.', 'Anna S.', 'Markus W.', 'Laura H.'],
  pl: ['Piotr K.', 'Anna W.', 'Tomasz N.', 'Katarzyna Z.', 'Marcin L.'],
  cs: ['Petr N.', 'Jana K.', 'Tomáš D.', 'Lucie P.', 'Martin S.'],
  sv: ['Erik L.', 'Anna K.', 'Johan S.', 'Maria N.', 'Lars P.'],
  ja: ['たなか', 'さとう', 'すずき', 'たかはし', 'わたなべ'],
  zh: ['陳先生', '林小姐', '王先生', '張小姐', '李先生'],
};

export type Review = {
  author: string;
  rating: number;
  date: [number, number, number];
  title: string;
  body: string;
};

export function genReviews(r: Rng, lang: Lang, n: number): Review[] {
  const titles: Record<Lang, string[]> = {
    es: ['Excelente', 'Muy bueno', 'Recomendado', 'Cumple', 'Buena calidad', 'Volvería a comprar'],
    pt: ['Excelente', 'Muito bom', 'Recomendo', 'Ótimo produto', 'Bom'],
    en: [
      'Excellent',
      'Great filament',
      'Highly recommend',
      'Does the job',
      'Solid quality',
      'Will buy again',
    ],
    de: ['Super', 'Sehr gut', 'Empfehlenswert', 'Gute Qualität'],
    pl: ['Świetny', 'Bardzo dobry', 'Polecam'],
    cs: ['Výborné', 'Velmi dobré', 'Doporučuji'],
    sv: ['Utmärkt', 'Mycket bra', 'Rekommenderas'],
    ja: ['最高', 'とても良い', 'おすすめ'],
    zh: ['很棒', '推薦', '品質好'],
  };
  return repeat(n, () => ({
    author: r.pick(NAMES[lang]),
    rating: r.pick([5, 5, 5, 4, 4, 3, 5, 2]),
    date: randDate(r),
    title: r.pick(titles[lang]),
    body: r.pick(REVIEW_BODIES[lang]),
  }));
}

export const STAR_SVG =
  '<svg class="icon icon-star" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="M12 17.27L18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z" fill="currentColor"/></svg>';

// ---------------------------------------------------------------------------------------------
// Icons and sprite sheets
// ---------------------------------------------------------------------------------------------

export const ICONS: Record<string, string> = {
  cart: '<path d="M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0020 4H5.21l-.94-2H1zm16 16c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2z"/>',
  search:
    '<path d="M15.5 14h-.79l-.28-.27A6.471 6.471 0 0016 9.5 6.5 6.5 0 109.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z"/>',
  user: '<path d="M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z"/>',
  heart:
    '<path d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"/>',
  truck:
    '<path d="M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5l-3-4zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5zm13.5-9l1.96 2.5H17V9.5h2.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5z"/>',
  card: '<path d="M20 4H4c-1.11 0-1.99.89-1.99 2L2 18c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V6c0-1.11-.89-2-2-2zm0 14H4v-6h16v6zm0-10H4V6h16v2z"/>',
  chevron: '<path d="M7.41 8.59L12 13.17l4.59-4.58L18 10l-6 6-6-6 1.41-1.41z"/>',
  close:
    '<path d="M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"/>',
  menu: '<path d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z"/>',
  whatsapp:
    '<path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.17-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.39-1.47-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.61.13-.13.3-.35.45-.52.15-.17.2-.3.3-.5.1-.2.05-.37-.03-.52-.07-.15-.67-1.61-.92-2.2-.24-.58-.49-.5-.67-.51h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.21 3.08c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.69.63.71.23 1.36.19 1.87.12.57-.09 1.76-.72 2.01-1.41.25-.69.25-1.29.17-1.41-.07-.12-.27-.2-.57-.35zM12.04 21.5c-1.77 0-3.5-.48-5.01-1.38l-.36-.21-3.72.98.99-3.63-.23-.37A9.43 9.43 0 012.6 12c0-5.2 4.24-9.44 9.45-9.44 2.52 0 4.89.98 6.67 2.77a9.38 9.38 0 012.76 6.68c0 5.21-4.24 9.45-9.44 9.45z"/>',
  facebook:
    '<path d="M22 12a10 10 0 10-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.51 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0022 12z"/>',
  instagram:
    '<path d="M12 2.16c3.2 0 3.58.01 4.85.07 3.25.15 4.77 1.69 4.92 4.92.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.15 3.23-1.66 4.77-4.92 4.92-1.27.06-1.64.07-4.85.07s-3.58-.01-4.85-.07c-3.26-.15-4.77-1.7-4.92-4.92C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85C2.38 3.92 3.9 2.38 7.15 2.23 8.42 2.17 8.8 2.16 12 2.16zM12 0C8.74 0 8.33.01 7.05.07 2.7.27.27 2.69.07 7.05.01 8.33 0 8.74 0 12s.01 3.67.07 4.95c.2 4.36 2.62 6.78 6.98 6.98C8.33 23.99 8.74 24 12 24s3.67-.01 4.95-.07c4.35-.2 6.78-2.62 6.98-6.98.06-1.28.07-1.69.07-4.95s-.01-3.67-.07-4.95c-.2-4.35-2.62-6.78-6.98-6.98C15.67.01 15.26 0 12 0zm0 5.84a6.16 6.16 0 100 12.32 6.16 6.16 0 000-12.32zM12 16a4 4 0 110-8 4 4 0 010 8zm6.41-11.85a1.44 1.44 0 100 2.88 1.44 1.44 0 000-2.88z"/>',
  youtube:
    '<path d="M23.5 6.19a3.02 3.02 0 00-2.12-2.14C19.5 3.55 12 3.55 12 3.55s-7.5 0-9.38.5A3.02 3.02 0 00.5 6.19C0 8.07 0 12 0 12s0 3.93.5 5.81a3.02 3.02 0 002.12 2.14c1.88.5 9.38.5 9.38.5s7.5 0 9.38-.5a3.02 3.02 0 002.12-2.14C24 15.93 24 12 24 12s0-3.93-.5-5.81zM9.55 15.57V8.43L15.82 12l-6.27 3.57z"/>',
  tiktok:
    '<path d="M12.53.02C13.84 0 15.14.01 16.44 0c.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z"/>',
  shield:
    '<path d="M12 1L3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4zm-2 16l-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z"/>',
  return:
    '<path d="M12 5V1L7 6l5 5V7c3.31 0 6 2.69 6 6s-2.69 6-6 6-6-2.69-6-6H4c0 4.42 3.58 8 8 8s8-3.58 8-8-3.58-8-8-8z"/>',
  plus: '<path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z"/>',
  minus: '<path d="M19 13H5v-2h14v2z"/>',
  star: '<path d="M12 17.27L18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z"/>',
  arrowLeft: '<path d="M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z"/>',
  arrowRight: '<path d="M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z"/>',
  phone:
    '<path d="M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z"/>',
  mail: '<path d="M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 4l-8 5-8-5V6l8 5 8-5v2z"/>',
  pin: '<path d="M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5a2.5 2.5 0 010-5 2.5 2.5 0 010 5z"/>',
};

export function icon(name: string, cls = 'icon', size = 20): string {
  const p = ICONS[name] ?? ICONS['star'];
  return `<svg aria-hidden="true" focusable="false" class="${cls} ${cls}-${name}" width="${size}" height="${size}" viewBox="0 0 24 24" fill="currentColor" xmlns="http://www.w3.org/2000/svg">${p}</svg>`;
}

export function svgSprite(prefix = 'icon'): string {
  const symbols = Object.entries(ICONS)
    .map(([k, p]) => `<symbol id="${prefix}-${k}" viewBox="0 0 24 24">${p}</symbol>`)
    .join('\n    ');
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true">\n  <defs>\n    ${symbols}\n  </defs>\n</svg>`;
}

/** Payment-method logos, like every LATAM footer shows. */
export function paymentIcons(names: string[]): string {
  return names
    .map(
      (n, i) =>
        `<li class="list-payment__item"><svg class="icon icon--full-color" viewBox="0 0 38 24" xmlns="http://www.w3.org/2000/svg" role="img" width="38" height="24" aria-labelledby="pi-${slug(n)}"><title id="pi-${slug(n)}">${esc(n)}</title><path opacity=".07" d="M35 0H3C1.3 0 0 1.3 0 3v18c0 1.7 1.4 3 3 3h32c1.7 0 3-1.3 3-3V3c0-1.7-1.4-3-3-3z"/><path fill="#fff" d="M35 1c1.1 0 2 .9 2 2v18c0 1.1-.9 2-2 2H3c-1.1 0-2-.9-2-2V3c0-1.1.9-2 2-2h32"/><path fill="${['#142688', '#EB001B', '#0079BE', '#ffb600', '#009ee3', '#5A31F4'][i % 6]}" d="M${8 + (i % 3)} 8h${14 + (i % 5)}v8H${8 + (i % 3)}z"/></svg></li>`,
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// CSS and JS filler
// ---------------------------------------------------------------------------------------------

const CSS_PROPS = [
  'display:flex',
  'display:grid',
  'display:block',
  'display:none',
  'position:relative',
  'position:absolute',
  'align-items:center',
  'justify-content:space-between',
  'gap:1rem',
  'gap:.5rem',
  'margin:0 auto',
  'padding:0 1.5rem',
  'padding:.75rem 1rem',
  'font-size:1.4rem',
  'font-size:1.2rem',
  'font-weight:600',
  'line-height:1.5',
  'color:rgba(var(--color-foreground),.75)',
  'background:rgb(var(--color-background))',
  'border-radius:var(--buttons-radius)',
  'border:1px solid rgba(var(--color-foreground),.08)',
  'transition:opacity .3s ease',
  'opacity:0',
  'opacity:1',
  'overflow:hidden',
  'text-decoration:none',
  'letter-spacing:.06rem',
  'width:100%',
  'max-width:var(--page-width)',
  'min-height:4.4rem',
  'z-index:2',
  'cursor:pointer',
  'white-space:nowrap',
  'text-overflow:ellipsis',
  'grid-template-columns:repeat(4,minmax(0,1fr))',
  'transform:translateY(-50%)',
  'box-shadow:0 2px 8px rgba(0,0,0,.08)',
];
const CSS_BLOCKS = [
  'header',
  'header__menu',
  'header__icon',
  'menu-drawer',
  'mega-menu',
  'mega-menu__list',
  'search-modal',
  'predictive-search',
  'cart-drawer',
  'cart-count-bubble',
  'announcement-bar',
  'breadcrumbs',
  'product',
  'product__media',
  'product__info',
  'product-form',
  'quantity',
  'price',
  'price__sale',
  'badge',
  'card',
  'card__media',
  'card__heading',
  'slider',
  'slider-buttons',
  'rating',
  'review',
  'newsletter',
  'footer',
  'footer-block',
  'list-social',
  'list-payment',
  'accordion',
  'tabs',
  'modal',
  'toast',
  'button',
  'field',
  'select',
  'swatch',
  'pagination',
  'facets',
  'collection',
];
const CSS_MODS = [
  '',
  '--active',
  '--open',
  '--disabled',
  '--small',
  '--large',
  '--secondary',
  '__inner',
  '__item',
  '__link',
  '__title',
  '__wrapper',
  ':hover',
  ':focus-visible',
  '::after',
  '::before',
];

export function css(r: Rng, kb: number, prefix = ''): string {
  const out: string[] = [
    ':root{--color-foreground:18,18,18;--color-background:255,255,255;--page-width:120rem;--buttons-radius:.4rem;--font-body-family:Assistant,sans-serif}',
  ];
  let size = out[0]?.length ?? 0;
  while (size < kb * 1024) {
    const sel = `.${prefix}${r.pick(CSS_BLOCKS)}${r.pick(CSS_MODS)}`;
    const n = r.int(2, 7);
    const props = repeat(n, () => r.pick(CSS_PROPS)).join(';');
    let rule = `${sel}{${props}}`;
    if (r.chance(0.12)) rule = `@media screen and (min-width:${r.pick([750, 990, 1200])}px){${rule}}`;
    out.push(rule);
    size += rule.length;
  }
  return out.join('\n');
}

const JS_SNIPPETS = [
  'function(e,t,n){"use strict";n.d(t,{A:function(){return r}});var r=function(e,t){var n;return void 0===t&&(t=300),function(){for(var r=this,o=arguments.length,i=new Array(o),a=0;a<o;a++)i[a]=arguments[a];clearTimeout(n),n=setTimeout(function(){return e.apply(r,i)},t)}}}',
  'function(e,t,n){"use strict";var r=n(%N%),o=n.n(r);t.default=function(e){var t=document.querySelectorAll(e||"[data-src]");if(!("IntersectionObserver"in window))return void t.forEach(function(e){e.src=e.dataset.src});var n=new IntersectionObserver(function(e,t){e.forEach(function(e){e.isIntersecting&&(e.target.src=e.target.dataset.src,e.target.removeAttribute("data-src"),t.unobserve(e.target))})},{rootMargin:"200px 0px"});t.forEach(function(e){return n.observe(e)}),o()(n)}}',
  'function(e,t,n){"use strict";function r(e,t){if(!(e instanceof t))throw new TypeError("Cannot call a class as a function")}var o=function(){function e(t){r(this,e),this.el=t,this.track=t.querySelector("[data-slider-track]"),this.slides=[].slice.call(t.querySelectorAll("[data-slide]")),this.index=0,this.bind()}return e.prototype.bind=function(){var e=this;this.el.addEventListener("click",function(t){var n=t.target.closest("[data-slider-prev],[data-slider-next]");n&&(e.go(e.index+(n.hasAttribute("data-slider-next")?1:-1)))})},e.prototype.go=function(e){this.index=Math.max(0,Math.min(e,this.slides.length-1)),this.track.style.transform="translateX("+-100*this.index/this.slides.length+"%)"},e}();t.Slider=o}',
  'function(e,t,n){"use strict";t.getCookie=function(e){var t=document.cookie.match(new RegExp("(?:^|; )"+e.replace(/([.$?*|{}()[\\]\\\\/+^])/g,"\\\\$1")+"=([^;]*)"));return t?decodeURIComponent(t[1]):void 0},t.setCookie=function(e,t,n){var r=new Date;r.setTime(r.getTime()+864e5*(n||365)),document.cookie=e+"="+encodeURIComponent(t)+";expires="+r.toUTCString()+";path=/;SameSite=Lax"}}',
  'function(e,t,n){"use strict";var r=n(%N%);t.trapFocus=function(e,t){void 0===t&&(t=e);var n=Array.from(e.querySelectorAll("summary, a[href], button:enabled, [tabindex]:not([tabindex^=\'-\']), [draggable], area, input:not([type=hidden]):enabled, select:enabled, textarea:enabled, object, iframe")),o=n[0],i=n[n.length-1];r.removeTrapFocus(),document.addEventListener("keydown",function(e){"Tab"===e.code&&(e.target!==i||e.shiftKey||(e.preventDefault(),o.focus()),e.target===o&&e.shiftKey&&(e.preventDefault(),i.focus()))}),t.focus()}}',
  'function(e,t,n){"use strict";t.fetchConfig=function(e){return void 0===e&&(e="json"),{method:"POST",headers:{"Content-Type":"application/json",Accept:"application/"+e},credentials:"same-origin"}},t.updateCart=function(e,n){return fetch(window.routes.cart_change_url,Object.assign({},t.fetchConfig(),{body:JSON.stringify({line:e,quantity:n,sections:["cart-drawer","cart-icon-bubble"]})})).then(function(e){return e.json()})}}',
  'function(e,t,n){"use strict";var r=/\\{\\{\\s*(\\w+)\\s*\\}\\}/;function o(e,t,n,r){return void 0===t&&(t=2),void 0===n&&(n=","),void 0===r&&(r="."),isNaN(e)||null==e?0:(e=(e/100).toFixed(t)).split(".")[0].replace(/(\\d)(?=(\\d\\d\\d)+(?!\\d))/g,"$1"+n)+((e=e.split("."))[1]?r+e[1]:"")}t.formatMoney=function(e,t){"string"==typeof e&&(e=e.replace(".",""));var n="",i=t||window.theme.moneyFormat;switch(i.match(r)[1]){case"amount":n=o(e,2);break;case"amount_no_decimals":n=o(e,0);break;case"amount_with_comma_separator":n=o(e,2,".",",");break;case"amount_no_decimals_with_comma_separator":n=o(e,0,".",",")}return i.replace(r,n)}}',
  'function(e,t,n){"use strict";window.dataLayer=window.dataLayer||[];t.track=function(e,t){try{window.dataLayer.push(Object.assign({event:e},t||{}))}catch(e){console&&console.warn&&console.warn("[analytics]",e)}},t.trackClick=function(e){document.addEventListener("click",function(n){var r=n.target.closest("[data-track]");r&&t.track(e,{label:r.getAttribute("data-track"),href:r.getAttribute("href")})},!0)}}',
  'function(e,t,n){"use strict";var r=n(%N%),o=n(%N%);customElements.get("quantity-input")||customElements.define("quantity-input",function(e){function t(){var t=e.call(this)||this;return t.input=t.querySelector("input"),t.changeEvent=new Event("change",{bubbles:!0}),t.querySelectorAll("button").forEach(function(e){return e.addEventListener("click",t.onButtonClick.bind(t))}),t}return r.inherits(t,e),t.prototype.onButtonClick=function(e){e.preventDefault();var t=this.input.value;"plus"===e.target.name?this.input.stepUp():this.input.stepDown(),t!==this.input.value&&this.input.dispatchEvent(this.changeEvent)},t}(o.HTMLElement))}',
  'function(e,t,n){"use strict";t.serialize=function(e){var t=new FormData(e),n={};return t.forEach(function(e,t){Object.prototype.hasOwnProperty.call(n,t)?(Array.isArray(n[t])||(n[t]=[n[t]]),n[t].push(e)):n[t]=e}),n},t.toQuery=function(e){return Object.keys(e).map(function(t){return encodeURIComponent(t)+"="+encodeURIComponent(e[t])}).join("&")}}',
  'function(e,t,n){"use strict";var r=n(%N%);t.initAccordion=function(e){e.querySelectorAll("details").forEach(function(e){var t=e.querySelector("summary");t&&t.addEventListener("click",function(n){n.preventDefault(),e.hasAttribute("open")?(e.removeAttribute("open"),t.setAttribute("aria-expanded","false")):(e.setAttribute("open",""),t.setAttribute("aria-expanded","true")),r.emit("accordion:toggle",{el:e})})})}}',
  'function(e,t,n){"use strict";var r={};t.on=function(e,t){(r[e]=r[e]||[]).push(t)},t.off=function(e,t){r[e]=(r[e]||[]).filter(function(e){return e!==t})},t.emit=function(e,t){(r[e]||[]).slice().forEach(function(e){try{e(t)}catch(e){setTimeout(function(){throw e})}})}}',
  'function(e,t,n){"use strict";t.getSearchResults=function(e){var t=new AbortController;return{promise:fetch(window.routes.predictive_search_url+"?q="+encodeURIComponent(e)+"&resources[type]=product&resources[limit]=4&section_id=predictive-search",{signal:t.signal}).then(function(e){if(!e.ok)throw new Error(e.status);return e.text()}),abort:function(){return t.abort()}}}}',
  'function(e,t,n){"use strict";var r=n(%N%);t.default=function(){var e=document.querySelector("[data-sticky-header]");if(e){var t=0,n=r.throttle(function(){var n=window.pageYOffset||document.documentElement.scrollTop;n>t&&n>e.offsetHeight?e.classList.add("header--hidden"):e.classList.remove("header--hidden"),t=n<=0?0:n},100);window.addEventListener("scroll",n,{passive:!0})}}}',
  'function(e,t,n){"use strict";t.throttle=function(e,t){var n=!1;return function(){var r=arguments,o=this;n||(e.apply(o,r),n=!0,setTimeout(function(){n=!1},t))}}}',
  'function(e,t,n){"use strict";t.loadScript=function(e,t){return new Promise(function(n,r){var o=document.createElement("script");o.src=e,o.async=!0,t&&(o.id=t),o.onload=n,o.onerror=r,document.head.appendChild(o)})},t.loadStyle=function(e){var t=document.createElement("link");t.rel="stylesheet",t.href=e,document.head.appendChild(t)}}',
];

/** Webpack-style bundle text of roughly `kb` kilobytes. */
export function vendorJs(r: Rng, kb: number, chunkName = 'theme'): string {
  const parts: string[] = [
    `(self.webpackChunk${chunkName}=self.webpackChunk${chunkName}||[]).push([[${r.int(100, 999)}],{`,
  ];
  let size = parts[0]?.length ?? 0;
  let id = r.int(1000, 4000);
  while (size < kb * 1024) {
    id += r.int(1, 97);
    const body = r.pick(JS_SNIPPETS).replace(/%N%/g, () => String(r.int(1000, 9999)));
    const piece = `${id}:${body},`;
    parts.push(piece);
    size += piece.length;
  }
  parts.push(`}]);`);
  return parts.join('');
}

/** A polyfill/feature-detect blob like the ones themes inline in <head>. */
export function inlineBoot(r: Rng): string {
  return `!function(){var e=document.documentElement;e.className=e.className.replace("no-js","js");try{var t=window.matchMedia("(prefers-reduced-motion: reduce)").matches;t&&e.classList.add("reduced-motion")}catch(n){}window.performance&&window.performance.mark&&window.performance.mark("boot:${r.int(100000, 999999)}")}();`;
}
