import { rng, CUR, num, US2, NNBSP, NBSP, type Cur } from './lib.ts';
import { type Site, genCards, makeProduct } from './parts.ts';
import { prestaProduct } from './presta.ts';
import { magentoProduct } from './magento.ts';
import { wixProduct, jumpsellerProduct } from './wixjump.ts';
import { type PageDef, productTruth } from './types.ts';

function site(
  p: Partial<Site> &
    Pick<Site, 'name' | 'domain' | 'lang' | 'htmlLang' | 'country' | 'phone' | 'address'> & { cur: Cur },
): Site {
  return {
    currencyHints: true,
    email: `info@${p.domain.replace(/^www\./, '')}`,
    year: 2024,
    payments: ['Visa', 'Mastercard', 'PayPal'],
    dateStyle: 'dmy-dot',
    ...p,
  };
}

const EUR_IE: Cur = { ...CUR.EUR, fmt: (v) => '€' + num(v, US2) };
const EUR_DE_SPACE: Cur = {
  ...CUR.EUR,
  fmt: (v) => num(v, { thou: NNBSP, dec: ',', decimals: 0 }) + NBSP + '€',
  decimals: 0,
};

export function morePages(): (() => PageDef)[] {
  return [
    () => {
      const file = 'prestashop-product-de.html';
      const r = rng(file);
      const s = site({
        name: 'Harzwerk 3D',
        domain: 'www.harzwerk3d.de',
        lang: 'de',
        htmlLang: 'de-DE',
        country: 'DE',
        cur: CUR.EUR,
        phone: '+49 30 2345 6789',
        address: ['Harzwerk 3D GmbH', 'Gewerbehof Kreuzberg, Oranienstraße 185', '10999 Berlin, Deutschland'],
        announcement: 'Kostenloser Versand ab 49 € · Lieferung in 1–3 Werktagen',
        payments: ['Visa', 'Mastercard', 'PayPal', 'Klarna', 'SEPA', 'Giropay'],
      });
      const url = 'https://www.harzwerk3d.de/de/reinigung/37-resin-reiniger-konzentrat-200-ml.html';
      const p = makeProduct(r, s, {
        title: 'Resin-Reiniger Konzentrat 200 ml',
        brand: 'Harzwerk',
        type: 'Reinigung',
        breadcrumbs: ['Pflege & Reinigung', 'Reiniger'],
        variants: [{ title: '200 ml', price: 19.99, compare: 24.99, sku: 'HW-RR-200', id: 1 }],
        descriptionHtml: `<p>Biologisch abbaubares Reinigungskonzentrat für Resin-Drucke – ergibt verdünnt bis zu 2 Liter Reinigungsflüssigkeit. Ersetzt Isopropanol und ist nicht kennzeichnungspflichtig.</p><p>Grundpreis: 99,95 € / 1 l. Versandkostenfrei ab 49 €.</p>`,
        specs: [
          ['Inhalt', '200 ml'],
          ['Mischverhältnis', '1:10'],
          ['Temperatur', '15–30 °C'],
          ['Haltbarkeit', '24 Monate'],
          ['Gewicht', '240 g'],
        ],
        rating: 4.6,
        reviewCount: 83,
        reviewsShown: 8,
      });
      const html = prestaProduct(r, {
        site: s,
        url,
        fmt: CUR.EUR.fmt,
        taxLabel: 'inkl. MwSt.',
        currencyName: 'Euro',
        currencySign: '€',
        otherCurrencies: [
          ['USD', '$'],
          ['CHF', 'CHF'],
        ],
        unitPrice: '99,95 € pro Liter',
        product: p,
        accessories: genCards(r, s, 4),
        sameCategory: genCards(r, s, 8),
        viewed: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'prestashop',
          country: 'DE',
          lang: 'de',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'PrestaShop classic (de-DE): "19,99 €" (comma decimals, symbol after, &nbsp;) with struck regular-price "24,99 €"; unit price "99,95 € pro Liter" and "Inhalt | 200 ml" in the data sheet; prestashop JS object with currency.iso_code EUR and cart total "0,00 €"; currency selector also lists USD $ and CHF; product:pretax_price meta is the net price; 16 miniatures in accessories / same category / viewed',
        },
        html,
        mustContain: ['19,99\u00a0€', '24,99\u00a0€', '"iso_code":"EUR"'],
      };
    },

    () => {
      const file = 'prestashop-product-pl.html';
      const r = rng(file);
      const s = site({
        name: 'Drukarnia3D.pl',
        domain: 'www.drukarnia3d.pl',
        lang: 'pl',
        htmlLang: 'pl-PL',
        country: 'PL',
        cur: CUR.PLN,
        phone: '+48 22 123 45 67',
        address: ['ul. Marszałkowska 84/92 lok. 109', '00-514 Warszawa', 'Polska'],
        announcement: 'Darmowa dostawa od 199 zł',
        payments: ['Visa', 'Mastercard', 'BLIK', 'Przelewy24', 'PayPo'],
      });
      const url = 'https://www.drukarnia3d.pl/filamenty/112-filament-petg-175-mm-1-kg-czarny.html';
      const p = makeProduct(r, s, {
        title: 'Filament PETG 1,75 mm 1 kg czarny',
        brand: 'Devil Design',
        type: 'Filamenty',
        breadcrumbs: ['Filamenty', 'PETG'],
        variants: [{ title: '1 kg', price: 49.99, sku: 'DD-PETG-BK', id: 1 }],
        descriptionHtml: `<p>Filament PETG polskiego producenta. Wysoka udarność i odporność chemiczna.</p><p>Cena zawiera 23% VAT. Wysyłka w 24 h.</p>`,
        specs: [
          ['Średnica', '1,75 mm'],
          ['Waga', '1 kg'],
          ['Temperatura druku', '230–250 °C'],
          ['Temperatura stołu', '70–80 °C'],
        ],
        rating: 4.8,
        reviewCount: 145,
        reviewsShown: 8,
      });
      const html = prestaProduct(r, {
        site: s,
        url,
        fmt: CUR.PLN.fmt,
        taxLabel: 'Brutto',
        currencyName: 'Złoty polski',
        currencySign: 'zł',
        otherCurrencies: [['EUR', '€']],
        unitPrice: '49,99 zł / kg',
        product: p,
        accessories: genCards(r, s, 4),
        sameCategory: genCards(r, s, 8),
      });
      return {
        entry: {
          file,
          url,
          platform: 'prestashop',
          country: 'PL',
          lang: 'pl',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Polish złoty "49,99 zł" (symbol after, comma decimals, &nbsp;); "Brutto"; unit price "49,99 zł / kg"; free delivery from 199 zł; currency selector lists EUR; prestashop.currency.iso_code PLN; 12 miniatures',
        },
        html,
        mustContain: ['49,99\u00a0zł'],
      };
    },

    () => {
      const file = 'prestashop-product-cz.html';
      const r = rng(file);
      const s = site({
        name: 'Tisk3D.cz',
        domain: 'www.tisk3d.cz',
        lang: 'cs',
        htmlLang: 'cs-CZ',
        country: 'CZ',
        cur: CUR.CZK,
        phone: '+420 222 333 444',
        address: ['Vinohradská 2405/190', '130 00 Praha 3', 'Česká republika'],
        announcement: 'Doprava zdarma nad 1 500 Kč',
        payments: ['Visa', 'Mastercard', 'GoPay', 'Bankovní převod', 'Dobírka'],
      });
      const url = 'https://www.tisk3d.cz/susicky/85-susicka-filamentu-sunlu-s4.html';
      const p = makeProduct(r, s, {
        title: 'Sušička filamentu Sunlu S4',
        brand: 'Sunlu',
        type: 'Příslušenství',
        breadcrumbs: ['Nářadí', 'Sušičky'],
        variants: [{ title: 'S4', price: 1290, sku: 'SUN-S4', id: 1 }],
        descriptionHtml: `<p>Sušička pro až 4 cívky filamentu s regulací teploty 35–70 °C a vestavěnou váhou.</p><p>Cena včetně DPH. Záruka 24 měsíců.</p>`,
        specs: [
          ['Kapacita', '4 cívky 1 kg'],
          ['Teplota', '35–70 °C'],
          ['Příkon', '150 W'],
          ['Hmotnost', '3,2 kg'],
        ],
        rating: 4.5,
        reviewCount: 38,
        reviewsShown: 6,
      });
      const html = prestaProduct(r, {
        site: s,
        url,
        fmt: CUR.CZK.fmt,
        taxLabel: 's DPH',
        currencyName: 'Česká koruna',
        currencySign: 'Kč',
        otherCurrencies: [['EUR', '€']],
        product: p,
        accessories: genCards(r, s, 4),
        sameCategory: genCards(r, s, 8),
        viewed: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'prestashop',
          country: 'CZ',
          lang: 'cs',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Czech koruna "1 290 Kč" with a no-break space as thousands separator and no decimals (1290, not 1.29 or 290); "s DPH"; free shipping over "1 500 Kč"; currency selector lists EUR; 16 miniatures',
        },
        html,
        mustContain: ['1\u00a0290\u00a0Kč'],
      };
    },

    () => {
      const file = 'prestashop-product-range-eur.html';
      const r = rng(file);
      const s = site({
        name: 'Engrave Studio',
        domain: 'www.engravestudio.ie',
        lang: 'en',
        htmlLang: 'en-IE',
        country: 'IE',
        cur: EUR_IE,
        phone: '+353 1 555 0199',
        address: ['Unit 4, Grand Canal Business Park', 'Dublin 8, D08 F2K7', 'Ireland'],
        announcement: 'Free delivery in Ireland on orders over €60',
        payments: ['Visa', 'Mastercard', 'PayPal', 'Apple Pay'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.engravestudio.ie/en/signs/24-custom-laser-engraved-oak-sign.html';
      const p = makeProduct(r, s, {
        title: 'Custom Laser-Engraved Oak Sign',
        brand: 'Engrave Studio',
        type: 'Signs',
        breadcrumbs: ['Laser engraving', 'Signs'],
        optionName: 'Size',
        variants: [
          { title: 'Small – 30 x 20 cm', price: 26, sku: 'ES-OAK-S', id: 1 },
          { title: 'Medium – 45 x 30 cm', price: 38, sku: 'ES-OAK-M', id: 2 },
          { title: 'Large – 60 x 40 cm', price: 50, sku: 'ES-OAK-L', id: 3 },
        ],
        descriptionHtml: `<p>Solid European oak, engraved with your text or logo on our 60 W CO2 laser. Finished with natural hard-wax oil. Upload your artwork after checkout.</p><p>Rush production (48 h) is available for an extra €15.</p>`,
        specs: [
          ['Material', 'European oak, 18 mm'],
          ['Sizes', '30 x 20 / 45 x 30 / 60 x 40 cm'],
          ['Finish', 'Hard-wax oil'],
          ['Production time', '5–7 working days'],
        ],
        rating: 4.9,
        reviewCount: 64,
        reviewsShown: 8,
      });
      const html = prestaProduct(r, {
        site: s,
        url,
        fmt: EUR_IE.fmt,
        taxLabel: 'Tax included',
        currencyName: 'Euro',
        currencySign: '€',
        priceRangeText: 'From 26 to 50 €',
        jsonLdAggregate: { low: 26, high: 50 },
        product: p,
        accessories: genCards(r, s, 4),
        sameCategory: genCards(r, s, 8),
      });
      return {
        entry: {
          file,
          url,
          platform: 'prestashop',
          country: 'IE',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'price shown only as a range "From 26 to 50 €" (truth: the range floor 26 = default combination Small); combinations select "(+ €12.00)" / "(+ €24.00)" give 38 and 50; JSON-LD AggregateOffer lowPrice 26.00 highPrice 50.00 EUR; rush fee "€15" in prose; cards priced "€12.99" style',
        },
        html,
        mustContain: ['From 26 to 50 €', '"lowPrice": "26.00"'],
      };
    },

    () => {
      const file = 'magento-product-usd-tier.html';
      const r = rng(file);
      const s = site({
        name: 'CNC Tooling Depot',
        domain: 'www.cnctoolingdepot.com',
        lang: 'en',
        htmlLang: 'en-US',
        country: 'US',
        cur: CUR.USD,
        phone: '+1 (616) 555-0133',
        address: ['3350 Broadmoor Ave SE', 'Grand Rapids, MI 49512', 'USA'],
        announcement: 'Free ground shipping on orders $75+',
        payments: ['Visa', 'Mastercard', 'American Express', 'Discover', 'PayPal'],
        dateStyle: 'mdy-slash',
      });
      const url = 'https://www.cnctoolingdepot.com/carbide-end-mill-set-1-8-shank-10pc.html';
      const p = makeProduct(r, s, {
        title: 'Carbide End Mill Set 1/8" Shank (10 pc)',
        brand: 'Depot Pro',
        type: 'End Mills',
        breadcrumbs: ['CNC', 'End Mills'],
        variants: [{ title: 'Default', price: 39, compare: 45, sku: 'DP-EM18-10', id: 1 }],
        tiers: [
          { min: 1, max: 9, price: 39 },
          { min: 10, price: 35 },
        ],
        descriptionHtml: `<p>Ten solid carbide 2- and 3-flute end mills for wood, plastics and aluminum on hobby CNC routers (Shapeoko, X-Carve, Onefinity). TiAlN coated.</p><p>Orders placed before 3 PM ET ship the same day.</p>`,
        specs: [
          ['Shank diameter', '1/8" (3.175 mm)'],
          ['Cutting diameters', '0.8 – 3.175 mm'],
          ['Flutes', '2 and 3'],
          ['Coating', 'TiAlN'],
          ['Weight', '0.2 lb'],
        ],
        rating: 4.7,
        reviewCount: 12,
        reviewsShown: 6,
      });
      const html = magentoProduct(r, {
        site: s,
        url,
        locale: 'en_US',
        fmt: CUR.USD.fmt,
        priceFormat: { pattern: '$%s', precision: 2, decimalSymbol: '.', groupSymbol: ',' },
        tier: { qty: 10, price: 35 },
        product: p,
        related: genCards(r, s, 4),
        upsell: genCards(r, s, 5),
      });
      return {
        entry: {
          file,
          url,
          platform: 'magento',
          country: 'US',
          lang: 'en',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Magento 2 Luma (body.catalog-product-view): special price data-price-amount="39" data-price-type="finalPrice" "$39.00" with oldPrice "$45.00"; tier price "Buy 10 for $35.00 each and save 10%" (own quantity tier); microdata itemprop price + priceCurrency USD; product:price:amount 39; knockout comment placeholders in the minicart; priceBox priceConfig JSON; related (4, with checkboxes) and upsell (5) price boxes',
        },
        html,
        mustContain: [
          'data-price-amount="39" data-price-type="finalPrice"',
          '<span class="price">$39.00</span>',
          '<span class="price">$45.00</span>',
          '<span class="price">$35.00</span>',
        ],
      };
    },

    () => {
      const file = 'magento-product-de-space-thousands.html';
      const r = rng(file);
      const s = site({
        name: 'LaserTechnik Direkt',
        domain: 'www.lasertechnik-direkt.de',
        lang: 'de',
        htmlLang: 'de-DE',
        country: 'DE',
        cur: EUR_DE_SPACE,
        phone: '+49 89 4567 8901',
        address: ['LaserTechnik Direkt GmbH', 'Landsberger Straße 302', '80687 München, Deutschland'],
        announcement: 'Versandkostenfrei ab 99 € innerhalb Deutschlands',
        payments: ['Visa', 'Mastercard', 'PayPal', 'Klarna', 'Vorkasse'],
      });
      const url = 'https://www.lasertechnik-direkt.de/xtool-p2-55w-co2-lasergravierer.html';
      const p = makeProduct(r, s, {
        title: 'xTool P2 55W CO2-Lasergravierer',
        brand: 'xTool',
        type: 'Lasergravierer',
        breadcrumbs: ['CNC & Laser', 'Lasergravierer'],
        variants: [{ title: 'Standard', price: 2390, sku: 'XT-P2-55', id: 1 }],
        descriptionHtml: `<p>Desktop-CO2-Laser mit 55 W, Doppelkamera und Arbeitsfläche 600 x 308 mm. Schneidet 20 mm Holz und graviert Glas, Leder und eloxiertes Aluminium.</p><p>Finanzierung ab 99 € monatlich möglich. Inklusive 19 % MwSt., zzgl. Versand.</p>`,
        specs: [
          ['Laserleistung', '55 W'],
          ['Arbeitsfläche', '600 x 308 mm'],
          ['Gewicht', '62 kg'],
          ['Max. Gravurgeschwindigkeit', '600 mm/s'],
          ['Anschluss', '230 V'],
        ],
        rating: 4.8,
        reviewCount: 17,
        reviewsShown: 6,
      });
      const html = magentoProduct(r, {
        site: s,
        url,
        locale: 'de_DE',
        fmt: EUR_DE_SPACE.fmt,
        priceFormat: { pattern: '%s\u00a0€', precision: 0, decimalSymbol: ',', groupSymbol: NNBSP },
        product: p,
        related: genCards(r, s, 4),
        upsell: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'magento',
          country: 'DE',
          lang: 'de',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'German Magento store printing "2 390 €" with a narrow no-break space (U+202F) as thousands separator and no decimals (2390, not 2.39 or 390); data-price-amount="2390"; financing "ab 99 € monatlich" distractor; free shipping from 99 €; related/upsell in the same format',
        },
        html,
        mustContain: [`2${NNBSP}390${NBSP}€`, 'data-price-amount="2390"'],
      };
    },

    () => {
      const file = 'magento-configurable-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Acrílicos y Láminas del Centro',
        domain: 'www.acrilicosdelcentro.com.mx',
        lang: 'es',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 442 215 3300',
        whatsapp: '+52 1 442 123 4567',
        address: ['Av. 5 de Febrero 1702, Bodega 3', 'Col. Obrera, C.P. 76090', 'Querétaro, Qro., México'],
        announcement: 'Envío gratis en compras mayores a $1,500 · Corte a medida disponible',
        payments: ['Visa', 'Mastercard', 'American Express', 'PayPal', 'SPEI'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.acrilicosdelcentro.com.mx/lamina-acrilico-cristal-3mm.html';
      const p = makeProduct(r, s, {
        title: 'Lámina de acrílico cristal 3 mm',
        brand: 'Plastiglas',
        type: 'Acrílico',
        breadcrumbs: ['Materiales', 'Acrílico'],
        optionName: 'Medida',
        variants: [
          { title: '60 x 40 cm', price: 289, sku: 'ACR3-6040', id: 1 },
          { title: '90 x 60 cm', price: 549, sku: 'ACR3-9060', id: 2 },
          { title: '120 x 90 cm', price: 999, sku: 'ACR3-12090', id: 3 },
        ],
        descriptionHtml: `<p>Acrílico cast cristal de 3 mm, apto para corte y grabado láser CO2. Película protectora en ambas caras.</p><p>Precios con IVA incluido. Para cortes a medida cotiza por WhatsApp.</p>`,
        specs: [
          ['Espesor', '3 mm'],
          ['Medidas', '60 x 40 / 90 x 60 / 120 x 90 cm'],
          ['Peso', '0.9 kg (60 x 40)'],
          ['Transmisión de luz', '92 %'],
        ],
        rating: 4.6,
        reviewCount: 29,
        reviewsShown: 6,
      });
      const html = magentoProduct(r, {
        site: s,
        url,
        locale: 'es_MX',
        fmt: CUR.MXN.fmt,
        priceFormat: { pattern: '$%s', precision: 2, decimalSymbol: '.', groupSymbol: ',' },
        configurable: { code: 'medida', label: 'Medida' },
        asLowAs: 'Desde',
        product: p,
        related: genCards(r, s, 4),
        upsell: genCards(r, s, 4),
      });
      return {
        entry: {
          file,
          url,
          platform: 'magento',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Magento configurable product: the page shows "Desde $289.00" (the cheapest and first option, 60 x 40 cm) before an option is chosen; the other sizes 549 and 999 exist only in the x-magento-init spConfig optionPrices JSON (with basePrice without IVA, e.g. 249.1379, as distractors); product:price:amount 289; es-MX',
        },
        html,
        mustContain: [
          '<span class="price">$289.00</span>',
          '"finalPrice":{"amount":549}',
          '"finalPrice":{"amount":999}',
        ],
      };
    },

    () => {
      const file = 'wix-product-crc.html';
      const r = rng(file);
      const s = site({
        name: 'Maker Lab Costa Rica',
        domain: 'www.makerlabcr.com',
        lang: 'es',
        htmlLang: 'es-CR',
        country: 'CR',
        cur: CUR.CRC,
        phone: '+506 2222 3344',
        whatsapp: '+506 8888 7766',
        address: ['Barrio Escalante, calle 33, avenidas 5 y 7', 'San José, Costa Rica'],
        announcement: 'Envíos a todo Costa Rica por Correos de CR',
        payments: ['Visa', 'Mastercard', 'SINPE Móvil', 'Transferencia'],
        dateStyle: 'dmy-slash',
        taxNote: 'IVA incluido',
      });
      const url = 'https://www.makerlabcr.com/product-page/filamento-pla-1kg-blanco';
      const p = makeProduct(r, s, {
        title: 'Filamento PLA 1 kg Blanco',
        brand: 'eSun',
        type: 'Filamentos',
        breadcrumbs: ['Filamentos'],
        variants: [{ title: 'Blanco', price: 15000, compare: 17500, sku: 'MLCR-PLA-WH', id: 1 }],
        descriptionHtml: `<p>PLA de excelente calidad, ideal para principiantes. Retiro gratis en Barrio Escalante o envío por Correos de Costa Rica (₡2.500).</p>`,
        specs: [
          ['Peso', '1 kg'],
          ['Diámetro', '1.75 mm'],
          ['Temperatura', '200 °C – 220 °C'],
        ],
        rating: 4.9,
        reviewCount: 18,
        reviewsShown: 5,
      });
      const html = wixProduct(r, {
        site: s,
        url,
        product: p,
        related: genCards(r, s, 8),
        warmupKb: 250,
        jsKb: 90,
      });
      return {
        entry: {
          file,
          url,
          platform: 'wix',
          country: 'CR',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Wix Stores: data-hook="formatted-primary-price" "₡15.000" (dot thousands: 15000) with formatted-secondary-price "₡17.500"; the domain is .com, Costa Rica is decided by ₡, es-CR and the address; wix-warmup-data JSON has price 17500 (regular) and discountedPrice 15000; shipping "₡2.500" in the description; 8 related product-item cards; Wix JSON-LD uses capitalised "Offers"',
        },
        html,
        mustContain: ['data-hook="formatted-primary-price" data-wix-price="₡15.000"', '₡17.500'],
      };
    },

    () => {
      const file = 'wix-product-dop.html';
      const r = rng(file);
      const s = site({
        name: 'Impresiones 3D RD',
        domain: 'www.impresiones3drd.com.do',
        lang: 'es',
        htmlLang: 'es-DO',
        country: 'DO',
        cur: CUR.DOP,
        phone: '+1 809 555 0142',
        whatsapp: '+1 829 555 0177',
        address: ['Av. Winston Churchill #1099, Torre Acrópolis', 'Santo Domingo, República Dominicana'],
        announcement: 'Delivery gratis en Santo Domingo en compras mayores a RD$ 5,000',
        payments: ['Visa', 'Mastercard', 'Transferencia', 'Pago contra entrega'],
        dateStyle: 'dmy-slash',
        taxNote: 'ITBIS incluido',
      });
      const url =
        'https://www.impresiones3drd.com.do/product-page/servicio-impresion-3d-figura-personalizada';
      const p = makeProduct(r, s, {
        title: 'Figura personalizada impresa en 3D (15 cm)',
        brand: 'Impresiones 3D RD',
        type: 'Servicios',
        breadcrumbs: ['Servicios', 'Impresión 3D'],
        optionName: 'Acabado',
        variants: [
          { title: 'Sin pintar', price: 2500, sku: 'FIG15-RAW', id: 1 },
          { title: 'Pintada a mano', price: 4200, sku: 'FIG15-PNT', id: 2 },
        ],
        descriptionHtml: `<p>Envíanos una foto y modelamos e imprimimos tu figura en resina de alta definición. Entrega en 7 a 10 días hábiles.</p><p>Pintado a mano por artistas locales.</p>`,
        specs: [
          ['Altura', '15 cm'],
          ['Material', 'Resina 8K'],
          ['Tiempo de entrega', '7 – 10 días'],
        ],
        rating: 5,
        reviewCount: 22,
        reviewsShown: 5,
      });
      const html = wixProduct(r, {
        site: s,
        url,
        product: p,
        related: genCards(r, s, 6),
        warmupKb: 180,
        jsKb: 80,
      });
      return {
        entry: {
          file,
          url,
          platform: 'wix',
          country: 'DO',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Dominican pesos "RD$ 2,500" (comma thousands: 2500) on .com.do; two finishes 2500 (default) and 4200, the second only in the options dropdown label and the warmup JSON productItems; "ITBIS incluido"; delivery threshold "RD$ 5,000"; phone +1 809 (a NANP number, not the US)',
        },
        html,
        mustContain: ['data-hook="formatted-primary-price" data-wix-price="RD$ 2,500"', '"price":4200'],
      };
    },

    () => {
      const file = 'jumpseller-product-clp.html';
      const r = rng(file);
      const s = site({
        name: 'Piezas 3D Chile',
        domain: 'www.piezas3d.cl',
        lang: 'es',
        htmlLang: 'es-CL',
        country: 'CL',
        cur: CUR.CLP,
        phone: '+56 2 2987 6543',
        whatsapp: '+56 9 5555 1234',
        address: ['Av. Apoquindo 4501, oficina 1203', 'Las Condes, Santiago, Chile'],
        announcement: 'Envío gratis a todo Chile en compras sobre $39.990',
        payments: ['Visa', 'Mastercard', 'Webpay', 'Mercado Pago'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.piezas3d.cl/kit-hotend-ender-3-completo';
      const p = makeProduct(r, s, {
        title: 'Kit hotend completo Ender 3 (24 V)',
        brand: 'Creality',
        type: 'Repuestos',
        breadcrumbs: ['Repuestos', 'Hotends'],
        variants: [{ title: 'Único', price: 15990, compare: 19990, sku: 'P3D-HE-E3', id: 1 }],
        descriptionHtml: `<p>Hotend ensamblado con termistor NTC 100K, calentador 24 V 40 W, boquilla 0.4 mm y cableado. Listo para instalar.</p>`,
        specs: [
          ['Voltaje', '24 V'],
          ['Potencia', '40 W'],
          ['Boquilla', '0.4 mm'],
          ['Peso', '85 g'],
        ],
        rating: 4.6,
        reviewCount: 26,
        reviewsShown: 6,
      });
      const html = jumpsellerProduct(r, {
        site: s,
        url,
        product: p,
        related: genCards(r, s, 8),
        notes: ['Hasta 3 cuotas sin interés con Webpay'],
      });
      return {
        entry: {
          file,
          url,
          platform: 'jumpseller',
          country: 'CL',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Jumpseller: #product-form-price "$15.990" (Chilean pesos, dot thousands: 15990) with #product-form-discount "$19.990" (the old price); og:price:amount 15990 CLP; JSON-LD "15990.0"; free shipping over "$39.990"; productVariantListener JSON; 8 related cards',
        },
        html,
        mustContain: ['id="product-form-price">$15.990<', 'id="product-form-discount">$19.990<'],
      };
    },

    () => {
      const file = 'jumpseller-product-bob.html';
      const r = rng(file);
      const s = site({
        name: 'Robótica Bolivia',
        domain: 'www.roboticabolivia.com.bo',
        lang: 'es',
        htmlLang: 'es-BO',
        country: 'BO',
        cur: CUR.BOB,
        phone: '+591 2 2411 223',
        whatsapp: '+591 7123 4567',
        address: ['Av. 6 de Agosto 2170, Edif. Illimani, Local 5', 'La Paz, Bolivia'],
        announcement: 'Envíos a los 9 departamentos',
        payments: ['Visa', 'Mastercard', 'QR Simple', 'Transferencia'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.roboticabolivia.com.bo/arduino-uno-r3-compatible';
      const p = makeProduct(r, s, {
        title: 'Placa Arduino UNO R3 compatible (CH340)',
        brand: 'Genérico',
        type: 'Electrónica',
        breadcrumbs: ['Electrónica', 'Arduino'],
        variants: [{ title: 'Único', price: 120, sku: 'RB-UNO-CH340', id: 1 }],
        descriptionHtml: `<p>Placa compatible con Arduino UNO R3 con chip USB CH340 y cable incluido.</p><p>Precio en bolivianos, con factura.</p>`,
        specs: [
          ['Microcontrolador', 'ATmega328P'],
          ['Voltaje de operación', '5 V'],
          ['Pines digitales', '14'],
          ['Peso', '25 g'],
        ],
        rating: 4.4,
        reviewCount: 15,
        reviewsShown: 5,
      });
      const html = jumpsellerProduct(r, { site: s, url, product: p, related: genCards(r, s, 8) });
      return {
        entry: {
          file,
          url,
          platform: 'jumpseller',
          country: 'BO',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Bolivian boliviano "Bs 120" on .com.bo; og:price:currency BOB; "9 departamentos" and "14 pines" numbers nearby; 8 related cards in Bs',
        },
        html,
        mustContain: ['id="product-form-price">Bs 120<'],
      };
    },

    () => {
      const file = 'jumpseller-product-pyg.html';
      const r = rng(file);
      const s = site({
        name: 'Impresoras 3D Paraguay',
        domain: 'www.impresoras3d.com.py',
        lang: 'es',
        htmlLang: 'es-PY',
        country: 'PY',
        cur: CUR.PYG,
        phone: '+595 21 600 123',
        whatsapp: '+595 981 123 456',
        address: ['Av. Mariscal López 3333 c/ Dr. Weiss', 'Asunción, Paraguay'],
        announcement: 'Envío gratis en Asunción y Gran Asunción',
        payments: ['Visa', 'Mastercard', 'Bancard', 'Tigo Money'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.impresoras3d.com.py/filamento-petg-1kg';
      const p = makeProduct(r, s, {
        title: 'Filamento PETG 1 kg 1.75 mm',
        brand: 'Sunlu',
        type: 'Filamentos',
        breadcrumbs: ['Filamentos', 'PETG'],
        optionName: 'Color',
        variants: [
          { title: 'Negro', price: 150000, sku: 'PY-PETG-N', id: 1 },
          { title: 'Transparente', price: 165000, sku: 'PY-PETG-T', id: 2 },
        ],
        descriptionHtml: `<p>PETG de alta resistencia, ideal para piezas funcionales.</p>`,
        specs: [
          ['Peso', '1 kg'],
          ['Diámetro', '1.75 mm'],
          ['Temperatura', '230 – 250 °C'],
        ],
        rating: 4.5,
        reviewCount: 11,
        reviewsShown: 5,
      });
      const html = jumpsellerProduct(r, { site: s, url, product: p, related: genCards(r, s, 8) });
      return {
        entry: {
          file,
          url,
          platform: 'jumpseller',
          country: 'PY',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Paraguayan guaraní "₲ 150.000" (dot thousands, no decimals: 150000); a second colour at ₲ 165.000 only in the variant JSON; og:price:currency PYG; 8 related cards',
        },
        html,
        mustContain: ['id="product-form-price">₲ 150.000<', '"price":165000'],
      };
    },
  ];
}
