import { rng, CUR, type Cur } from './lib.ts';
import { type Site, genCards, makeProduct } from './parts.ts';
import { shopifyProduct, shopifyCollection, type ShopifyOpts } from './shopify.ts';
import { type PageDef, productTruth, listTruth } from './types.ts';

const PAY_US = ['Visa', 'Mastercard', 'American Express', 'PayPal', 'Shop Pay', 'Apple Pay', 'Google Pay'];
const PAY_MX = ['Visa', 'Mastercard', 'American Express', 'PayPal', 'Mercado Pago', 'OXXO', 'SPEI'];

function site(
  p: Partial<Site> & Pick<Site, 'name' | 'domain' | 'lang' | 'htmlLang' | 'country'> & { cur: Cur },
): Site {
  return {
    currencyHints: true,
    phone: '+1 (512) 555-0142',
    email: `hola@${p.domain.replace(/^www\./, '')}`,
    address: [],
    year: 2024,
    payments: PAY_US,
    dateStyle: 'en-long',
    ...p,
  };
}

export function shopifyPages(): (() => PageDef)[] {
  return [
    () => {
      const file = 'shopify-dawn-product-usd.html';
      const r = rng(file);
      const s = site({
        name: 'Prime Filament Supply',
        domain: 'www.primefilamentsupply.com',
        lang: 'en',
        htmlLang: 'en-US',
        country: 'US',
        cur: CUR.USD,
        address: ['4200 Commerce St, Suite 110', 'Austin, TX 78744', 'United States'],
        announcement: 'Free shipping on orders over $50 · Ships same day before 1 PM CT',
      });
      const url = 'https://www.primefilamentsupply.com/products/pla-pro-filament-1-75mm-1kg';
      const p = makeProduct(r, s, {
        title: 'PLA Pro Filament 1.75mm 1kg',
        brand: 'Prime',
        type: 'Filament',
        breadcrumbs: ['Filament', 'PLA'],
        optionName: 'Color',
        variants: ['Black', 'White', 'Grey', 'Signal Red'].map((t, i) => ({
          title: t,
          price: 24.99,
          compare: 29.99,
          sku: `PFS-PLAP-175-${['BK', 'WH', 'GY', 'RD'][i]}`,
          id: 44012345670000 + i,
        })),
        descriptionHtml: `<p><strong>PLA Pro</strong> is our toughest PLA: about 3x the impact strength of standard PLA while keeping the easy, warp-free printing you expect. Every spool is dried for 24 hours, vacuum sealed with desiccant and measured with an inline laser gauge.</p>
<ul><li>Diameter tolerance ±0.02 mm over the entire spool</li><li>Tangle-free winding, cardboard spool (recyclable)</li><li>Compatible with Bambu Lab AMS, Prusa MMU3 and Creality CFS</li><li>Matte-satin finish that hides layer lines</li></ul>
<p>Looking for bulk pricing? Orders of 10 spools or more get 15% off automatically at checkout. Need a 3 kg spool? See <a href="/products/pla-pro-3kg">PLA Pro 3 kg</a>.</p>`,
        specs: [
          ['Diameter', '1.75 mm ± 0.02 mm'],
          ['Net weight', '1 kg (2.2 lb)'],
          ['Print temperature', '200–230 °C'],
          ['Bed temperature', '50–60 °C'],
          ['Print speed', 'up to 300 mm/s'],
          ['Density', '1.24 g/cm³'],
          ['Spool dimensions', '200 x 66 mm, hub 53 mm'],
          ['Tensile strength', '62 MPa'],
          ['Heat deflection', '57 °C @ 0.45 MPa'],
        ],
        rating: 4.7,
        reviewCount: 128,
      });
      const o: ShopifyOpts = {
        site: s,
        url,
        moneyFormat: '${{amount}}',
        moneyWithCurrencyFormat: '${{amount}} USD',
        jsonLd: 'offers',
        cssKb: 35,
        jsKb: 60,
        taxLine: 'Taxes and <a href="/policies/shipping-policy">shipping</a> calculated at checkout.',
        localization: [
          ['United States', 'US', 'USD', '$'],
          ['Canada', 'CA', 'CAD', '$'],
          ['Mexico', 'MX', 'MXN', '$'],
        ],
      };
      const html = shopifyProduct(r, {
        ...o,
        product: p,
        related: genCards(r, s, 8),
        alsoBought: genCards(r, s, 6),
        recent: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'US',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'bare $ on a .com page; USD decided by JSON-LD priceCurrency, og:price:currency, Shopify.currency and lang=en-US; sale price 24.99 with compare-at 29.99 (Dawn prints the current price twice: price__regular and price__sale); 4 colour variants at the same price; carousels of 8 related, 6 also-bought and 4 recently viewed cards with prices; variant JSON in cents (2499); announcement "Free shipping on orders over $50"; cart drawer "$0.00 USD"; Shop Pay instalment terms in an attribute; country selector lists CAD and MXN',
        },
        html,
        mustContain: ['$24.99', '$29.99', '"priceCurrency" : "USD"'],
      };
    },

    () => {
      const file = 'shopify-product-mxn-variants.html';
      const r = rng(file);
      const s = site({
        name: 'Resinas y Filamentos del Bajío',
        domain: 'www.resinasbajio.com.mx',
        lang: 'es',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 477 123 4567',
        whatsapp: '+52 1 477 765 4321',
        address: [
          'Blvd. Adolfo López Mateos 2405 Ote.',
          'Col. Jardines de Jerez, C.P. 37530',
          'León, Guanajuato, México',
        ],
        announcement: 'Envío gratis en compras mayores a $999 · Factura electrónica disponible',
        payments: PAY_MX,
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.resinasbajio.com.mx/products/resina-estandar-8k-elegoo';
      const p = makeProduct(r, s, {
        title: 'Resina Estándar 8K Elegoo Gris',
        brand: 'Elegoo',
        type: 'Resina',
        breadcrumbs: ['Resinas', 'Estándar'],
        optionName: 'Presentación',
        variants: [
          { title: '1 kg', price: 799, compare: 899, sku: 'ELG-8K-GR-1000', id: 45110000000001 },
          { title: '500 g', price: 459, sku: 'ELG-8K-GR-0500', id: 45110000000002 },
          { title: '5 kg (5 x 1 kg)', price: 3499, sku: 'ELG-8K-GR-5000', id: 45110000000003 },
        ],
        descriptionHtml: `<p>La resina estándar 8K de Elegoo está formulada para impresoras MSLA de alta resolución (7K, 8K, 12K y 16K). Ofrece baja contracción, olor reducido y detalle fino para miniaturas, joyería y prototipos.</p>
<p><strong>Compatibilidad:</strong> Saturn 3 / 4, Mars 4 / 5, Photon Mono M5s, Halot-Mage y cualquier impresora con longitud de onda de 405 nm.</p>
<ul><li>Tiempo de exposición sugerido: 2.2–2.8 s por capa (0.05 mm)</li><li>Curado posterior: 2–4 minutos en estación UV</li><li>Botella con tapa a prueba de niños y dosificador</li></ul>
<p>Al comprar 3 o más botellas de 1 kg aplica el precio de mayoreo en el carrito.</p>`,
        specs: [
          ['Longitud de onda', '405 nm'],
          ['Contenido', '1000 g'],
          ['Viscosidad', '150–200 mPa·s (25 °C)'],
          ['Dureza', '84 Shore D'],
          ['Densidad', '1.10 g/cm³'],
          ['Temperatura de uso', '20–30 °C'],
          ['Contracción', '3.72 %'],
          ['Resistencia a la tracción', '36–52 MPa'],
        ],
        rating: 4.8,
        reviewCount: 64,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: '${{amount}}',
        moneyWithCurrencyFormat: '${{amount}} MXN',
        currencyCodeEnabled: true,
        jsonLd: 'productgroup',
        cssKb: 50,
        jsKb: 110,
        taxLine:
          'Impuesto incluido. Los <a href="/policies/shipping-policy">gastos de envío</a> se calculan en la pantalla de pagos.',
        installments: 'Hasta <strong>12 meses sin intereses</strong> de $66.58 con tarjetas participantes',
        product: p,
        related: genCards(r, s, 10),
        recent: genCards(r, s, 5),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Mexican store (.com.mx, es-MX) printing "$799.00 MXN" (currency_code_enabled); 3 variants at different prices (1 kg 799 on sale from 899, 500 g 459, 5 kg 3499), default is the first; ProductGroup JSON-LD lists all three; "12 meses sin intereses de $66.58"; banner "Envío gratis en compras mayores a $999"; noscript <select> with every variant price; related (10) and recently viewed (5) carousels',
        },
        html,
        mustContain: ['$799.00 MXN', '$899.00 MXN', '$459.00 MXN', '$3,499.00 MXN'],
      };
    },

    () => {
      const file = 'shopify-product-cad.html';
      const r = rng(file);
      const s = site({
        name: 'Northern Maker Supply',
        domain: 'www.northernmaker.ca',
        lang: 'en',
        htmlLang: 'en-CA',
        country: 'CA',
        cur: CUR.CAD,
        phone: '+1 (604) 555-0198',
        address: ['1120 Cliveden Ave, Unit 4', 'Delta, BC V3M 6G4', 'Canada'],
        announcement: 'Free shipping across Canada on orders over CA$ 99',
        payments: ['Visa', 'Mastercard', 'American Express', 'PayPal', 'Shop Pay', 'Interac'],
      });
      const url = 'https://www.northernmaker.ca/products/hardened-steel-nozzle-kit-0-4-0-6';
      const p = makeProduct(r, s, {
        title: 'Hardened Steel Nozzle Kit (0.4 / 0.6 mm)',
        brand: 'Micro Swiss',
        type: 'Nozzles',
        breadcrumbs: ['Parts', 'Nozzles'],
        variants: [{ title: 'Default Title', price: 34.99, sku: 'NMS-HSN-KIT', id: 43990000000001 }],
        descriptionHtml: `<p>Wear-resistant hardened tool steel nozzles for abrasive filaments (carbon fiber, glass fiber, glow-in-the-dark). Kit includes one 0.4 mm and one 0.6 mm nozzle, M6 thread, for MK8 / Ender / CR-10 style hotends.</p><p>Ships from our warehouse in Delta, BC. Duties and taxes are included for Canadian orders.</p>`,
        specs: [
          ['Thread', 'M6 x 1'],
          ['Total length', '13 mm'],
          ['Material', 'Hardened tool steel, 60 HRC'],
          ['Max temperature', '450 °C'],
          ['Compatible filament', '1.75 mm'],
        ],
        rating: 4.6,
        reviewCount: 41,
        reviewsShown: 8,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: 'CA$ {{amount}}',
        moneyWithCurrencyFormat: 'CA$ {{amount}} CAD',
        jsonLd: 'offers',
        cssKb: 35,
        jsKb: 70,
        localization: [
          ['Canada', 'CA', 'CAD', '$'],
          ['United States', 'US', 'USD', '$'],
        ],
        taxLine: 'Taxes included. Shipping calculated at checkout.',
        product: p,
        related: genCards(r, s, 4),
        recent: genCards(r, s, 6),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'CA',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Canadian store printing "CA$ 34.99"; single default variant; country selector also offers United States (USD $); JSON-LD and Shopify.currency say CAD; free-shipping threshold in the announcement bar; 4 related + 6 recently viewed cards',
        },
        html,
        mustContain: ['CA$ 34.99'],
      };
    },

    () => {
      const file = 'shopify-product-gbp.html';
      const r = rng(file);
      const s = site({
        name: 'Layer Lab UK',
        domain: 'www.layerlab.co.uk',
        lang: 'en',
        htmlLang: 'en-GB',
        country: 'GB',
        cur: CUR.GBP,
        phone: '+44 161 496 0321',
        address: ['Unit 7, Trafford Park Business Centre', 'Manchester M17 1RN', 'United Kingdom'],
        announcement: 'Free UK delivery on orders over £40',
        payments: ['Visa', 'Mastercard', 'PayPal', 'Klarna', 'Shop Pay', 'Apple Pay'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.layerlab.co.uk/products/petg-filament-1-75mm-1kg-transparent-blue';
      const p = makeProduct(r, s, {
        title: 'PETG Filament 1.75mm 1kg – Transparent Blue',
        brand: 'Layer Lab',
        type: 'Filament',
        breadcrumbs: ['Filament', 'PETG'],
        variants: [
          { title: 'Default Title', price: 19.99, compare: 24.99, sku: 'LL-PETG-TBL', id: 42000000000011 },
        ],
        descriptionHtml: `<p>Glossy, food-contact compliant PETG with excellent layer bonding. Made in the UK from virgin resin.</p><p>Spend over £40 and delivery is on us. Bulk discounts: 5+ spools save 10%.</p>`,
        specs: [
          ['Diameter', '1.75 mm ± 0.03 mm'],
          ['Weight', '1 kg'],
          ['Nozzle temperature', '230–250 °C'],
          ['Bed temperature', '70–80 °C'],
          ['Spool', '200 mm cardboard'],
        ],
        rating: 4.5,
        reviewCount: 212,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: '£{{amount}}',
        moneyWithCurrencyFormat: '£{{amount}} GBP',
        jsonLd: 'offers',
        cssKb: 30,
        jsKb: 55,
        taxLine: 'Tax included. <a href="/policies/shipping-policy">Shipping</a> calculated at checkout.',
        installments: 'Pay in 3 interest-free payments of £6.66 with <strong>Klarna</strong>',
        product: p,
        related: genCards(r, s, 8),
        recent: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'GB',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'UK pound sign £19.99 on sale from £24.99; "Tax included"; Klarna 3 payments of £6.66; free delivery over £40; 8 related + 4 recently viewed cards in GBP',
        },
        html,
        mustContain: ['£19.99', '£24.99'],
      };
    },

    () => {
      const file = 'shopify-product-twd.html';
      const r = rng(file);
      const s = site({
        name: '列印工坊 PrintWorks',
        domain: 'www.printworks.com.tw',
        lang: 'zh',
        htmlLang: 'zh-TW',
        country: 'TW',
        cur: CUR.TWD,
        phone: '+886 2 2712 3456',
        address: ['台北市松山區南京東路四段 133 號 5 樓', '105 台灣'],
        announcement: '全館滿 NT$1,500 免運費',
        payments: ['Visa', 'Mastercard', 'JCB', 'LINE Pay', 'Apple Pay'],
        dateStyle: 'ymd-slash',
      });
      const url = 'https://www.printworks.com.tw/products/petg-1-75mm-1kg';
      const p = makeProduct(r, s, {
        title: 'PETG 線材 1.75mm 1kg',
        brand: 'PrintWorks',
        type: '線材',
        breadcrumbs: ['線材', 'PETG'],
        optionName: '顏色',
        variants: ['黑色', '白色', '透明'].map((t, i) => ({
          title: t,
          price: 1290,
          compare: 1490,
          sku: `PW-PETG-${i}`,
          id: 41000000000100 + i,
        })),
        descriptionHtml: `<p>高韌性 PETG 線材，耐衝擊、耐化學，適合機構件與戶外零件。真空包裝附乾燥劑。</p><p>購買 3 捲以上享 95 折優惠。</p>`,
        specs: [
          ['線徑', '1.75 mm ± 0.02 mm'],
          ['重量', '1 kg'],
          ['列印溫度', '230–250 °C'],
          ['熱床溫度', '70–80 °C'],
          ['產地', '台灣'],
        ],
        rating: 4.8,
        reviewCount: 57,
        reviewsShown: 6,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: 'NT${{amount_no_decimals}}',
        moneyWithCurrencyFormat: 'NT${{amount_no_decimals}} TWD',
        jsonLd: 'offers',
        cssKb: 35,
        jsKb: 60,
        taxLine: '含稅。結帳時計算運費。',
        product: p,
        related: genCards(r, s, 8),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'TW',
          lang: 'zh',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Taiwan dollar "NT$1,290" (no decimals, comma thousands) on sale from NT$1,490; zh-TW; 3 colour variants at one price; variant JSON in cents (129000); free shipping over NT$1,500; 8 related cards',
        },
        html,
        mustContain: ['NT$1,290', 'NT$1,490'],
      };
    },

    () => {
      const file = 'shopify-product-jpy.html';
      const r = rng(file);
      const s = site({
        name: 'ゾウケイ・ラボ',
        domain: 'www.zoukei-lab.jp',
        lang: 'ja',
        htmlLang: 'ja',
        country: 'JP',
        cur: CUR.JPY,
        phone: '03-6825-1234',
        address: ['〒150-0002', '東京都渋谷区渋谷2-21-1 渋谷ヒカリエ 8F'],
        announcement: '5,000円以上のご注文で送料無料',
        payments: ['Visa', 'Mastercard', 'JCB', 'Amazon Pay', 'PayPay', 'コンビニ決済'],
        dateStyle: 'ymd-slash',
      });
      const url = 'https://www.zoukei-lab.jp/products/pla-matte-1kg';
      const p = makeProduct(r, s, {
        title: 'マットPLAフィラメント 1.75mm 1kg',
        brand: 'Zoukei',
        type: 'フィラメント',
        breadcrumbs: ['フィラメント', 'PLA'],
        optionName: 'カラー',
        variants: ['ブラック', 'ホワイト', 'グレー', 'ベージュ'].map((t, i) => ({
          title: t,
          price: 2980,
          sku: `ZK-PLAM-${i}`,
          id: 40000000000200 + i,
        })),
        descriptionHtml: `<p>積層痕が目立ちにくいマット仕上げのPLAフィラメントです。反りが少なく、初めての方にもおすすめ。</p><p>3巻以上のご購入で10%OFF。</p>`,
        specs: [
          ['フィラメント径', '1.75mm ±0.02mm'],
          ['正味重量', '1kg'],
          ['ノズル温度', '190〜220℃'],
          ['ベッド温度', '50〜60℃'],
          ['原産国', '日本'],
        ],
        rating: 4.4,
        reviewCount: 93,
        reviewsShown: 6,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: '¥{{amount_no_decimals}}',
        moneyWithCurrencyFormat: '¥{{amount_no_decimals}} JPY',
        jsonLd: 'offers',
        cssKb: 35,
        jsKb: 70,
        taxLine: '税込。配送料は購入手続き時に計算されます。',
        product: p,
        related: genCards(r, s, 8),
        recent: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'JP',
          lang: 'ja',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Japanese yen "¥2,980" (no decimals) on a .jp page; variant JSON in cents (298000) and JSON-LD "2980.00"; free shipping over 5,000円 in prose; 4 same-price colour variants; 8 related + 4 recently viewed cards',
        },
        html,
        mustContain: ['¥2,980'],
      };
    },

    () => {
      const file = 'shopify-product-inr.html';
      const r = rng(file);
      const s = site({
        name: 'MakerKart India',
        domain: 'www.makerkart.in',
        lang: 'en',
        htmlLang: 'en-IN',
        country: 'IN',
        cur: CUR.INR,
        phone: '+91 80 4718 2290',
        address: [
          'No. 14, 2nd Cross, Peenya Industrial Area Phase 1',
          'Bengaluru, Karnataka 560058',
          'India',
        ],
        announcement: 'Free shipping on prepaid orders above ₹999 | COD available',
        payments: ['Visa', 'Mastercard', 'RuPay', 'UPI', 'Paytm', 'Net Banking'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.makerkart.in/products/pla-plus-filament-1-75mm-1kg';
      const p = makeProduct(r, s, {
        title: 'PLA+ Filament 1.75mm 1kg',
        brand: 'MakerKart',
        type: 'Filament',
        breadcrumbs: ['Filament', 'PLA+'],
        optionName: 'Colour',
        variants: ['Black', 'White', 'Orange'].map((t, i) => ({
          title: t,
          price: 1499,
          compare: 1999,
          sku: `MKI-PLAP-${i}`,
          id: 39000000000300 + i,
        })),
        descriptionHtml: `<p>Premium PLA+ with improved toughness. MRP inclusive of all taxes. GST invoice available for businesses.</p><p>Buy 4 spools and get 1 free with code PLA5.</p>`,
        specs: [
          ['Diameter', '1.75 mm'],
          ['Net weight', '1 kg'],
          ['Print temperature', '205–225 °C'],
          ['Bed temperature', '55–65 °C'],
          ['Country of origin', 'India'],
        ],
        rating: 4.3,
        reviewCount: 318,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: '₹{{amount_no_decimals}}',
        moneyWithCurrencyFormat: '₹{{amount_no_decimals}} INR',
        jsonLd: 'offers',
        cssKb: 30,
        jsKb: 60,
        taxLine: 'MRP Inclusive of all taxes. Shipping calculated at checkout.',
        installments: 'No Cost EMI from ₹500/month',
        product: p,
        related: genCards(r, s, 8),
        alsoBought: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'IN',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Indian rupee "₹1,499" with struck MRP ₹1,999; "No Cost EMI from ₹500/month" distractor; free shipping above ₹999; 3 same-price colour variants; 8 related + 4 also-bought cards',
        },
        html,
        mustContain: ['₹1,499', '₹1,999'],
      };
    },

    () => {
      const file = 'shopify-product-split-cents-usd.html';
      const r = rng(file);
      const s = site({
        name: 'Forge3D Direct',
        domain: 'www.forge3ddirect.com',
        lang: 'en',
        htmlLang: 'en-US',
        country: 'US',
        cur: CUR.USD,
        phone: '+1 (919) 555-0176',
        address: ['2301 Sedwick Rd', 'Durham, NC 27713', 'USA'],
        announcement: 'Spring sale — up to $200 off printers · Free shipping over $99',
      });
      const url = 'https://www.forge3ddirect.com/products/qidi-plus4-3d-printer';
      const p = makeProduct(r, s, {
        title: 'QIDI Plus4 Enclosed 3D Printer',
        brand: 'Qidi',
        type: '3D Printers',
        breadcrumbs: ['3D Printers', 'FDM'],
        variants: [{ title: 'Default Title', price: 1299, sku: 'QD-PLUS4', id: 38000000000400 }],
        descriptionHtml: `<p>Actively heated 65 °C chamber, 305 x 305 x 280 mm build volume and up to 600 mm/s. Prints ABS, ASA, PA and carbon-fiber composites without warping.</p><p>Includes 1-year warranty and lifetime tech support from our Durham, NC team. Extended 3-year protection available for $149.</p>`,
        specs: [
          ['Build volume', '305 x 305 x 280 mm'],
          ['Max nozzle temperature', '370 °C'],
          ['Chamber temperature', '65 °C (active)'],
          ['Max speed', '600 mm/s'],
          ['Weight', '31 kg'],
          ['Power', '110 V / 1100 W'],
        ],
        rating: 4.6,
        reviewCount: 73,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: '${{amount}}',
        moneyWithCurrencyFormat: '${{amount}} USD',
        priceStyle: 'sup',
        themeName: 'Turbo',
        jsonLd: 'offers',
        cssKb: 35,
        jsKb: 70,
        taxLine: 'Taxes calculated at checkout.',
        installments:
          'or 4 interest-free payments of $324.75 with <strong>Shop Pay</strong> · As low as $61/mo with Affirm',
        product: p,
        related: genCards(r, s, 8),
        recent: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'US',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'split cents: <span class="money">$1,299</span><sup>00</sup> (must read 1299, not 129900 or 1299.00+00); og/JSON-LD 1299.00 USD; instalment distractors "$324.75" and "$61/mo"; "up to $200 off" banner; "$149" protection plan in description; related + recently viewed carousels also use sup cents',
        },
        html,
        mustContain: ['<span class="money">$1,299</span><sup class="price__cents">00</sup>'],
      };
    },

    () => {
      const file = 'shopify-product-sek.html';
      const r = rng(file);
      const s = site({
        name: 'Filamenthuset',
        domain: 'www.filamenthuset.se',
        lang: 'sv',
        htmlLang: 'sv-SE',
        country: 'SE',
        cur: CUR.SEK,
        phone: '+46 8 123 456 78',
        address: ['Industrivägen 12', '171 48 Solna', 'Sverige'],
        announcement: 'Fri frakt över 499 kr',
        payments: ['Visa', 'Mastercard', 'Klarna', 'Swish', 'Apple Pay'],
        dateStyle: 'iso',
      });
      const url = 'https://www.filamenthuset.se/products/pla-filament-1-75-mm-1-kg-svart';
      const p = makeProduct(r, s, {
        title: 'PLA-filament 1,75 mm 1 kg – Svart',
        brand: 'Filamenthuset',
        type: 'Filament',
        breadcrumbs: ['Filament', 'PLA'],
        variants: [{ title: 'Default Title', price: 299, sku: 'FH-PLA-SV', id: 37000000000500 }],
        descriptionHtml: `<p>Pålitlig PLA för vardagsutskrifter. Vakuumförpackad med torkmedel.</p><p>Köp 4 rullar och betala för 3.</p>`,
        specs: [
          ['Diameter', '1,75 mm'],
          ['Vikt', '1 kg'],
          ['Utskriftstemperatur', '195–220 °C'],
          ['Bäddtemperatur', '50–60 °C'],
        ],
        rating: 4.6,
        reviewCount: 88,
        reviewsShown: 6,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: '{{amount_no_decimals_with_space_separator}} kr',
        moneyWithCurrencyFormat: '{{amount_no_decimals_with_space_separator}} kr SEK',
        jsonLd: 'offers',
        cssKb: 35,
        jsKb: 60,
        taxLine: 'Inklusive moms. Frakt beräknas i kassan.',
        installments: 'Dela upp betalningen i 3 räntefria delbetalningar på 99,67 kr med Klarna',
        product: p,
        related: genCards(r, s, 6),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'SE',
          lang: 'sv',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Swedish krona "299 kr" (symbol after, no decimals) on a .se page; Klarna "99,67 kr" with comma decimals; free shipping over 499 kr; 6 related cards',
        },
        html,
        mustContain: ['299 kr'],
      };
    },

    () => {
      const file = 'shopify-product-chf.html';
      const r = rng(file);
      const s = site({
        name: 'Druckwerk Schweiz',
        domain: 'www.druckwerk.ch',
        lang: 'de',
        htmlLang: 'de-CH',
        country: 'CH',
        cur: CUR.CHF,
        phone: '+41 44 512 34 56',
        address: ['Hardturmstrasse 161', '8005 Zürich', 'Schweiz'],
        announcement: 'Gratis Versand ab CHF 100.– in die ganze Schweiz',
        payments: ['Visa', 'Mastercard', 'TWINT', 'PostFinance', 'Rechnung'],
        dateStyle: 'dmy-dot',
      });
      const url = 'https://www.druckwerk.ch/products/bambu-lab-p1s-combo';
      const p = makeProduct(r, s, {
        title: 'Bambu Lab P1S Combo',
        brand: 'Bambu Lab',
        type: '3D-Drucker',
        breadcrumbs: ['3D-Drucker', 'FDM'],
        variants: [
          { title: 'Default Title', price: 1049.95, compare: 1199, sku: 'BL-P1S-CMB', id: 36000000000600 },
        ],
        descriptionHtml: `<p>Geschlossener CoreXY-Drucker mit AMS für bis zu 16 Farben. Inklusive vorgezogener Recyclinggebühr (vRG) von CHF 6.–.</p><p>Schweizer Garantie 24 Monate, Service in Zürich.</p>`,
        specs: [
          ['Bauraum', '256 x 256 x 256 mm'],
          ['Max. Geschwindigkeit', '500 mm/s'],
          ['Düsentemperatur', '300 °C'],
          ['Gewicht', '12,95 kg'],
          ['Leistung', '230 V, 1000 W'],
        ],
        rating: 4.9,
        reviewCount: 35,
        reviewsShown: 6,
      });
      const html = shopifyProduct(r, {
        site: s,
        url,
        moneyFormat: 'CHF {{amount_with_apostrophe_separator}}',
        moneyWithCurrencyFormat: 'CHF {{amount_with_apostrophe_separator}}',
        jsonLd: 'offers',
        cssKb: 40,
        jsKb: 80,
        taxLine: 'Inkl. MwSt. <a href="/policies/shipping-policy">Versand</a> wird beim Checkout berechnet.',
        product: p,
        related: genCards(r, s, 8),
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'CH',
          lang: 'de',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Swiss francs with apostrophe thousands "CHF 1\'049.95" on sale from CHF 1\'199.00; vRG fee "CHF 6.–" and free shipping "CHF 100.–" in prose; de-CH; 8 related cards',
        },
        html,
        mustContain: ["CHF 1'049.95", "CHF 1'199.00"],
      };
    },

    () => {
      const file = 'shopify-collection-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Filamentos MX',
        domain: 'www.filamentosmx.com.mx',
        lang: 'es',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 55 1234 5678',
        whatsapp: '+52 1 55 8765 4321',
        address: ['Av. Insurgentes Sur 1235, Piso 3', 'Col. Del Valle, C.P. 03100', 'Benito Juárez, CDMX'],
        announcement: 'Envío gratis en compras mayores a $999',
        payments: PAY_MX,
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.filamentosmx.com.mx/collections/filamentos';
      const cards = genCards(r, s, 24, { saleRate: 0.3, fromRate: 0.15 });
      const html = shopifyCollection(r, {
        site: s,
        url,
        moneyFormat: '${{amount}}',
        moneyWithCurrencyFormat: '${{amount}} MXN',
        cssKb: 45,
        jsKb: 90,
        title: 'Filamentos',
        handle: 'filamentos',
        description: 'Filamentos PLA, PETG, ABS, TPU y más para impresión 3D. Precios con IVA incluido.',
        cards,
        taxLine: 'Impuesto incluido.',
      });
      return {
        entry: {
          file,
          url,
          platform: 'shopify',
          country: 'MX',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, cards),
          tests:
            'Shopify collection grid with 24 Dawn cards (each prints the current price twice and the compare-at in <s>); some cards "Desde $X" (price floor of varying variants: truth is that floor); sale cards: truth is the sale price; price filter "El precio más alto es $…"; wishlist buttons carry data-wlh-price in cents; ShopifyAnalytics meta lists every product in cents; sold-out cards still show a price and count',
        },
        html,
        mustContain: cards.map((c) => CUR.MXN.fmt(c.price)),
      };
    },
  ];
}
