/**
 * Page-level building blocks shared by the platform templates: the site model, product/card
 * models, catalogue generation, policy text, menus, review lists, spec tables, footers.
 */
import {
  type Cur,
  type Lang,
  type Review,
  type Rng,
  UI,
  MENU,
  esc,
  slug,
  genItem,
  localPrice,
  genReviews,
  fmtDate,
  type DateStyle,
  icon,
  paymentIcons,
  repeat,
} from './lib.ts';

export type Site = {
  name: string;
  /** host, e.g. www.filamentos-norte.com.mx */
  domain: string;
  lang: Lang;
  /** value of <html lang>, e.g. es-MX; '' to omit the attribute */
  htmlLang: string;
  /** ISO 3166 alpha-2, '' when the page gives no country */
  country: string;
  cur: Cur;
  /** false on pages built to be undecidable: templates print no ISO code, no country */
  currencyHints: boolean;
  phone: string;
  whatsapp?: string;
  email: string;
  address: string[];
  year: number;
  /** announcement bar text, e.g. "Envío gratis en compras mayores a $999" */
  announcement?: string;
  payments: string[];
  dateStyle: DateStyle;
  /** short legal/tax line printed near prices, e.g. "IVA incluido" */
  taxNote?: string;
};

export type Card = {
  name: string;
  url: string;
  img: string;
  price: number;
  compare?: number;
  rating?: number;
  reviews?: number;
  soldOut?: boolean;
  /** card shows "From"/"Desde" price because variants differ */
  from?: boolean;
  brand?: string;
  sku?: string;
  id: number;
};

export type Variant = {
  title: string;
  price: number;
  compare?: number;
  sku: string;
  available?: boolean;
  id: number;
};

export type Tier = { min: number; max?: number; price: number };

export type Product = {
  id: number;
  title: string;
  handle: string;
  brand: string;
  type: string;
  breadcrumbs: string[];
  optionName?: string;
  variants: Variant[];
  tiers?: Tier[];
  descriptionHtml: string;
  specs: [string, string][];
  rating: number;
  reviewCount: number;
  reviews: Review[];
  images: string[];
};

export function cdnImg(site: Site, name: string, w = 800): string {
  return `https://${site.domain}/cdn/images/${slug(name).slice(0, 60)}.jpg?v=${1600000000 + ((name.length * 7919) % 99999999)}&width=${w}`;
}

export function genCards(
  r: Rng,
  site: Site,
  n: number,
  opts: { saleRate?: number; fromRate?: number; urlBase?: string } = {},
): Card[] {
  const seen = new Set<string>();
  const out: Card[] = [];
  while (out.length < n) {
    const it = genItem(r, site.lang);
    if (seen.has(it.name)) continue;
    seen.add(it.name);
    const price = localPrice(r, site.cur, it.usdLo, it.usdHi);
    const onSale = r.chance(opts.saleRate ?? 0.25);
    const compare = onSale ? localPrice(r, site.cur, it.usdHi * 1.05, it.usdHi * 1.4) : undefined;
    const card: Card = {
      id: r.int(7000000000, 7999999999),
      name: it.name,
      url: `${opts.urlBase ?? '/products/'}${slug(it.name)}`,
      img: cdnImg(site, it.name, 533),
      price,
      rating: r.chance(0.7) ? Math.round((3.6 + r.next() * 1.4) * 10) / 10 : undefined,
      reviews: r.int(0, 480),
      soldOut: r.chance(0.06),
      from: r.chance(opts.fromRate ?? 0),
      brand: it.name.split(' ')[0],
      sku: `${site.country || 'X'}-${r.int(10000, 99999)}`,
    };
    if (compare !== undefined && compare > price) card.compare = compare;
    out.push(card);
  }
  return out;
}

export function makeProduct(
  r: Rng,
  site: Site,
  p: Omit<Product, 'id' | 'reviews' | 'images' | 'handle'> & { handle?: string; reviewsShown?: number },
): Product {
  const handle = p.handle ?? slug(p.title);
  return {
    ...p,
    id: r.int(6000000000, 8999999999),
    handle,
    reviews: genReviews(r, site.lang, p.reviewsShown ?? 10),
    images: repeat(5, (i) => cdnImg(site, `${handle}-${i + 1}`, 1946)),
  };
}

// ---------------------------------------------------------------------------------------------
// Text blocks
// ---------------------------------------------------------------------------------------------

/** Shipping/returns/warranty text, long enough to look like the real tabs. Mentions money via `m`. */
export function policyText(site: Site, m: (v: number) => string): string {
  const s = site.cur.scale;
  const a = (usd: number): string => m(site.cur.nice(usd * s));
  switch (site.lang) {
    case 'es':
      return `<h3>Envíos</h3>
<p>Enviamos a todo el país con paqueterías nacionales. Los pedidos confirmados antes de las 13:00 h salen el mismo día hábil. El tiempo de entrega estimado es de 2 a 5 días hábiles en zonas urbanas y de 5 a 9 días hábiles en zonas extendidas.</p>
<p>El costo de envío estándar es de ${a(8)}; el envío exprés cuesta ${a(15)}. Los pedidos de filamento de más de 10 kg se envían en tarima y se cotizan aparte.</p>
<h3>Cambios y devoluciones</h3>
<p>Tienes 30 días naturales a partir de la entrega para solicitar un cambio o devolución. El producto debe estar sin uso, en su empaque original y con todos sus accesorios. Los consumibles abiertos (filamento, resina) no tienen devolución salvo defecto de fábrica.</p>
<p>Si el producto llegó dañado, repórtalo dentro de las primeras 48 horas con fotografías del empaque y la guía.</p>
<h3>Garantía</h3>
<p>Las impresoras y equipos cuentan con 12 meses de garantía contra defectos de fabricación. Las refacciones de desgaste (boquillas, bandas, superficies de impresión) tienen 30 días de garantía.</p>
<h3>Facturación</h3>
<p>Solicita tu factura dentro del mes en que realizaste tu compra con tus datos fiscales y el número de pedido.</p>`;
    case 'pt':
      return `<h3>Entregas</h3>
<p>Enviamos para todo o Brasil pelos Correios e transportadoras parceiras. Pedidos aprovados até as 13h são despachados no mesmo dia útil. Prazo estimado de 2 a 9 dias úteis conforme a região.</p>
<p>Frete a partir de ${a(4)} para capitais do Sudeste. Pedidos acima de 10 kg são enviados por transportadora.</p>
<h3>Trocas e devoluções</h3>
<p>Você tem 7 dias corridos após o recebimento para desistir da compra, conforme o Código de Defesa do Consumidor. Consumíveis abertos não podem ser devolvidos, exceto em caso de defeito.</p>
<h3>Garantia</h3>
<p>Impressoras possuem 12 meses de garantia (3 meses legal + 9 meses contratual). Peças de desgaste têm 30 dias.</p>`;
    case 'en':
      return `<h3>Shipping</h3>
<p>Orders placed before 1 PM ship the same business day from our warehouse. Standard ground delivery takes 3–6 business days; expedited options are available at checkout.</p>
<p>Standard shipping is a flat ${a(6.95)}; two-day shipping is ${a(14.95)}. Oversized items such as printers ship freight and may take longer.</p>
<h3>Returns</h3>
<p>Unopened items can be returned within 30 days of delivery for a full refund. Opened consumables (filament, resin) can only be returned if defective. Printers are subject to a 15% restocking fee if opened.</p>
<h3>Warranty</h3>
<p>Printers carry a 12-month limited warranty. Wear parts (nozzles, belts, build plates) are covered for 30 days.</p>`;
    case 'de':
      return `<h3>Versand</h3>
<p>Bestellungen, die werktags bis 14:00 Uhr eingehen, verlassen unser Lager noch am selben Tag. Die Lieferzeit innerhalb Deutschlands beträgt 1–3 Werktage.</p>
<p>Die Versandkosten betragen ${a(5)} innerhalb Deutschlands. Speditionsware wird gesondert berechnet.</p>
<h3>Widerrufsrecht</h3>
<p>Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Geöffnete Verbrauchsmaterialien sind aus hygienischen Gründen vom Umtausch ausgeschlossen.</p>
<h3>Gewährleistung</h3>
<p>Es gilt die gesetzliche Gewährleistung von 24 Monaten.</p>`;
    case 'pl':
      return `<h3>Dostawa</h3><p>Zamówienia złożone do godz. 13:00 wysyłamy tego samego dnia roboczego. Kurier ${a(4)}, paczkomat ${a(3.5)}.</p>
<h3>Zwroty</h3><p>Masz 14 dni na odstąpienie od umowy bez podania przyczyny.</p><h3>Gwarancja</h3><p>Drukarki objęte są 24-miesięczną gwarancją.</p>`;
    case 'cs':
      return `<h3>Doprava</h3><p>Objednávky do 13:00 odesíláme ještě týž den. Doprava PPL ${a(4.5)}, Zásilkovna ${a(3.5)}.</p>
<h3>Vrácení zboží</h3><p>Zboží můžete vrátit do 14 dnů bez udání důvodu.</p><h3>Záruka</h3><p>Na tiskárny poskytujeme záruku 24 měsíců.</p>`;
    case 'sv':
      return `<h3>Frakt</h3><p>Beställningar före kl. 14 skickas samma dag. Leverans 1–3 vardagar. Frakt till ombud ${a(5)}.</p>
<h3>Returer</h3><p>Du har 14 dagars ångerrätt enligt distansavtalslagen.</p><h3>Garanti</h3><p>Reklamationsrätt i 3 år enligt konsumentköplagen.</p>`;
    case 'ja':
      return `<h3>配送について</h3><p>平日13時までのご注文は当日発送いたします。送料は全国一律${a(5)}（税込）です。</p>
<h3>返品・交換</h3><p>商品到着後7日以内にご連絡ください。開封済みの消耗品は返品できません。</p><h3>保証</h3><p>本体は1年間のメーカー保証付きです。</p>`;
    case 'zh':
      return `<h3>運送方式</h3><p>平日下午 1 點前完成付款，當日出貨。宅配運費 ${a(3)}，超商取貨 ${a(2)}。</p>
<h3>退換貨政策</h3><p>商品到貨享 7 天鑑賞期，已拆封耗材恕不退換。</p><h3>保固</h3><p>機台享一年原廠保固。</p>`;
  }
}

export function faqBlock(site: Site): string {
  const items: Record<Lang, [string, string][]> = {
    es: [
      ['¿Hacen envíos a todo el país?', 'Sí, enviamos a todos los estados con guía de rastreo.'],
      ['¿Puedo pagar en cuotas?', 'Sí, con tarjetas participantes en 3, 6, 9 y 12 pagos.'],
      ['¿Emiten factura?', 'Sí, la factura se genera automáticamente con tus datos fiscales.'],
      ['¿Tienen tienda física?', 'Sí, puedes recoger tu pedido en nuestra sucursal de lunes a sábado.'],
      [
        '¿Qué temperatura recomiendan?',
        'Consulta la tabla de especificaciones; como regla general 200–220 °C para PLA.',
      ],
    ],
    pt: [
      ['Vocês enviam para todo o Brasil?', 'Sim, enviamos para todos os estados.'],
      ['Posso parcelar?', 'Sim, em até 10x sem juros no cartão.'],
      ['Emitem nota fiscal?', 'Sim, NF-e enviada por e-mail.'],
    ],
    en: [
      ['Do you ship internationally?', 'We ship to the US and Canada. Duties may apply.'],
      ['Can I pay in installments?', 'Yes, with Shop Pay Installments or Afterpay on eligible orders.'],
      [
        'What temperature should I print at?',
        'See the specifications tab; most PLA prints well at 200–220 °C.',
      ],
    ],
    de: [
      ['Versenden Sie auch ins Ausland?', 'Ja, innerhalb der EU und in die Schweiz.'],
      ['Kann ich auf Rechnung kaufen?', 'Ja, über Klarna.'],
    ],
    pl: [['Czy wysyłacie za granicę?', 'Tak, do krajów UE.']],
    cs: [['Posíláte i na Slovensko?', 'Ano, do celé EU.']],
    sv: [['Skickar ni till Norge?', 'Ja, tullavgifter kan tillkomma.']],
    ja: [['海外発送は可能ですか？', '現在は国内のみの発送となります。']],
    zh: [['可以寄送海外嗎？', '目前僅提供台灣本島及離島配送。']],
  };
  return items[site.lang]
    .map(
      ([q, a], i) =>
        `<details class="faq__item" id="faq-${i}"><summary class="faq__question">${esc(q)}${icon('chevron', 'icon-caret', 14)}</summary><div class="faq__answer rte"><p>${esc(a)}</p></div></details>`,
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// Navigation
// ---------------------------------------------------------------------------------------------

export type MenuStyle = {
  ul: string;
  li: string;
  a: string;
  sub: string;
  subLi: string;
  subA: string;
  promo?: (cat: string) => string;
};

/** A mega menu: every category × subcategory × a few third-level links (brand filters). */
export function megaMenu(site: Site, r: Rng, st: MenuStyle, base = '/collections/', depth3 = 6): string {
  const cats = MENU[site.lang];
  return `<ul class="${st.ul}" role="list">\n${cats
    .map(([cat, subs], i) => {
      const subHtml = subs
        .map((sub) => {
          const brands = r
            .shuffle([
              'Bambu Lab',
              'Prusa',
              'Creality',
              'Elegoo',
              'Anycubic',
              'eSun',
              'Sunlu',
              'Polymaker',
              'Sovol',
              'Qidi',
            ])
            .slice(0, depth3);
          return `<li class="${st.subLi}"><a href="${base}${slug(cat)}-${slug(sub)}" class="${st.subA}">${esc(sub)}</a><ul class="list-unstyled" role="list">${brands
            .map(
              (b) =>
                `<li><a href="${base}${slug(cat)}-${slug(sub)}?filter.p.vendor=${encodeURIComponent(b)}" class="${st.subA} ${st.subA}--level-3">${esc(b)}</a></li>`,
            )
            .join('')}</ul></li>`;
        })
        .join('\n');
      return `<li class="${st.li}" data-menu-index="${i}"><a href="${base}${slug(cat)}" class="${st.a}" aria-haspopup="true">${esc(cat)}</a>
<div class="${st.sub}"><ul class="${st.sub}__list" role="list">
${subHtml}
</ul>${st.promo ? st.promo(cat) : ''}</div></li>`;
    })
    .join('\n')}\n</ul>`;
}

export function breadcrumbsList(items: { name: string; url?: string }[], cls: string, sep = '/'): string {
  return `<nav class="${cls}" aria-label="breadcrumbs"><ol class="${cls}__list">${items
    .map((it, i) =>
      it.url
        ? `<li class="${cls}__item"><a href="${esc(it.url)}" class="${cls}__link">${esc(it.name)}</a>${i < items.length - 1 ? `<span class="${cls}__sep" aria-hidden="true">${sep}</span>` : ''}</li>`
        : `<li class="${cls}__item ${cls}__item--current" aria-current="page">${esc(it.name)}</li>`,
    )
    .join('')}</ol></nav>`;
}

export function breadcrumbJsonLd(site: Site, items: { name: string; url?: string }[]): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      ...(it.url ? { item: `https://${site.domain}${it.url}` } : {}),
    })),
  });
}

export function specsTable(rows: [string, string][], cls = 'specs-table'): string {
  return `<table class="${cls}">\n<tbody>\n${rows
    .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join('\n')}\n</tbody>\n</table>`;
}

export function specsDl(rows: [string, string][], cls = 'data-sheet'): string {
  return `<dl class="${cls}">\n${rows.map(([k, v]) => `<dt class="name">${esc(k)}</dt>\n<dd class="value">${esc(v)}</dd>`).join('\n')}\n</dl>`;
}

export function stars(rating: number, cls = 'rating-stars'): string {
  const full = Math.round(rating);
  return `<span class="${cls}" role="img" aria-label="${rating} / 5">${repeat(5, (i) => `<span class="${cls}__star${i < full ? ` ${cls}__star--on` : ''}">★</span>`).join('')}</span>`;
}

export function reviewList(site: Site, p: Product, cls = 'review'): string {
  const ui = UI[site.lang];
  const dist = [0.72, 0.18, 0.05, 0.02, 0.03].map((f) => Math.round(f * p.reviewCount));
  return `<div class="${cls}s" id="reviews" data-average-rating="${p.rating}" data-number-of-reviews="${p.reviewCount}">
<h2 class="${cls}s__title">${esc(ui.reviews)}</h2>
<div class="${cls}s__summary">
  <span class="${cls}s__average">${p.rating.toFixed(1)}</span> ${stars(p.rating)}
  <span class="${cls}s__count">${esc(ui.reviewsCount(p.reviewCount))}</span>
  <ul class="${cls}s__histogram">${dist
    .map(
      (n, i) =>
        `<li><span class="${cls}s__histogram-stars">${5 - i} ★</span><span class="${cls}s__histogram-bar" style="width:${Math.round((n / Math.max(1, p.reviewCount)) * 100)}%"></span><span class="${cls}s__histogram-count">(${n})</span></li>`,
    )
    .join('')}</ul>
  <a href="#review-form" class="button button--secondary">${esc(ui.writeReview)}</a>
</div>
<ul class="${cls}s__list">
${p.reviews
  .map(
    (rv, i) => `<li class="${cls}" id="${cls}-${i + 1}" data-rating="${rv.rating}">
  <div class="${cls}__header">${stars(rv.rating)} <strong class="${cls}__author">${esc(rv.author)}</strong> <span class="${cls}__badge">${esc(ui.verified)}</span>
  <time class="${cls}__date" datetime="${rv.date[0]}-${String(rv.date[1]).padStart(2, '0')}-${String(rv.date[2]).padStart(2, '0')}">${fmtDate(rv.date[0], rv.date[1], rv.date[2], site.dateStyle)}</time></div>
  <h3 class="${cls}__title">${esc(rv.title)}</h3>
  <div class="${cls}__body"><p>${esc(rv.body)}</p></div>
  <div class="${cls}__footer">${esc(ui.helpful)} <button type="button" class="${cls}__vote" data-vote="up">👍 ${(i * 7) % 23}</button> <button type="button" class="${cls}__vote" data-vote="down">👎 ${(i * 3) % 5}</button></div>
</li>`,
  )
  .join('\n')}
</ul>
<nav class="${cls}s__pagination"><a href="?page=1#reviews" aria-current="page">1</a> <a href="?page=2#reviews">2</a> <a href="?page=3#reviews">3</a> … <a href="?page=${Math.max(4, Math.ceil(p.reviewCount / 10))}#reviews">${Math.max(4, Math.ceil(p.reviewCount / 10))}</a></nav>
</div>`;
}

// ---------------------------------------------------------------------------------------------
// Footer
// ---------------------------------------------------------------------------------------------

export function newsletterBlock(site: Site, cls = 'newsletter'): string {
  const ui = UI[site.lang];
  return `<div class="${cls}">
  <h2 class="${cls}__heading">${esc(ui.newsletter)}</h2>
  <p class="${cls}__subheading">${esc(ui.newsletterText)}</p>
  <form method="post" action="/contact#contact_form" id="ContactFooter" accept-charset="UTF-8" class="${cls}-form"><input type="hidden" name="form_type" value="customer"><input type="hidden" name="utf8" value="✓"><input type="hidden" name="contact[tags]" value="newsletter">
    <div class="${cls}-form__field-wrapper"><div class="field"><input id="NewsletterForm--footer" type="email" name="contact[email]" class="field__input" value="" aria-required="true" autocorrect="off" autocapitalize="off" autocomplete="email" placeholder="${esc(ui.email)}" required><label class="field__label" for="NewsletterForm--footer">${esc(ui.email)}</label>
    <button type="submit" class="${cls}-form__button field__button" name="commit" id="Subscribe" aria-label="${esc(ui.subscribe)}">${icon('arrowRight', 'icon', 14)}</button></div></div>
  </form>
</div>`;
}

export function footerColumns(site: Site, r: Rng, cls = 'footer'): string {
  const ui = UI[site.lang];
  const cats = MENU[site.lang].slice(0, 6).map(([c]) => c);
  const col = (title: string, links: string[]): string =>
    `<div class="${cls}-block grid__item"><h2 class="${cls}-block__heading">${esc(title)}</h2><ul class="${cls}-block__details-content list-unstyled">${links
      .map(
        (l) =>
          `<li><a href="/pages/${slug(l)}" class="link link--text list-menu__item list-menu__item--link">${esc(l)}</a></li>`,
      )
      .join('')}</ul></div>`;
  return `<div class="${cls}__blocks-wrapper grid grid--1-col grid--2-col grid--4-col-tablet">
${col(ui.categories, cats)}
${col(ui.faq, [ui.shipping, ui.returns, ui.faq, ui.terms, ui.privacy])}
${col(ui.about, [ui.about, ui.contact, 'Blog', r.pick(['Mayoreo', 'Wholesale', 'Distribuidores', 'B2B'])])}
<div class="${cls}-block grid__item ${cls}-block--contact"><h2 class="${cls}-block__heading">${esc(ui.contact)}</h2>
<ul class="list-unstyled ${cls}-contact">
<li>${icon('phone', 'icon', 14)} <a href="tel:${site.phone.replace(/[^+\d]/g, '')}">${esc(site.phone)}</a></li>
${site.whatsapp ? `<li>${icon('whatsapp', 'icon', 14)} <a href="https://wa.me/${site.whatsapp.replace(/[^\d]/g, '')}" target="_blank" rel="noopener">WhatsApp ${esc(site.whatsapp)}</a></li>` : ''}
<li>${icon('mail', 'icon', 14)} <a href="mailto:${site.email}">${esc(site.email)}</a></li>
<li>${icon('pin', 'icon', 14)} <address>${site.address.map(esc).join('<br>')}</address></li>
</ul></div>
</div>`;
}

export function socialList(site: Site, cls = 'list-social'): string {
  const handle = slug(site.name).replace(/-/g, '');
  return `<ul class="${cls} list-unstyled" role="list">${['facebook', 'instagram', 'youtube', 'tiktok']
    .map(
      (n) =>
        `<li class="${cls}__item"><a href="https://www.${n}.com/${handle}" class="link ${cls}__link">${icon(n, 'icon', 18)}<span class="visually-hidden">${n}</span></a></li>`,
    )
    .join('')}</ul>`;
}

export function copyright(site: Site, extra = ''): string {
  const ui = UI[site.lang];
  return `<small class="copyright__content">&copy; ${site.year}, <a href="/" title="">${esc(site.name)}</a>. ${esc(ui.rights)}${extra}</small>`;
}

export function paymentList(site: Site): string {
  return `<ul class="list list-payment" role="list">${paymentIcons(site.payments)}</ul>`;
}

export function cookieBanner(site: Site): string {
  const t: Record<Lang, string> = {
    es: 'Usamos cookies propias y de terceros para mejorar tu experiencia. Al continuar navegando aceptas su uso.',
    pt: 'Utilizamos cookies para melhorar sua experiência. Ao continuar navegando, você concorda com a nossa Política de Privacidade.',
    en: 'We use cookies to improve your experience and for marketing. By continuing you agree to our use of cookies.',
    de: 'Wir verwenden Cookies, um Ihnen ein optimales Einkaufserlebnis zu bieten.',
    pl: 'Używamy plików cookies, aby ułatwić korzystanie ze sklepu.',
    cs: 'Tento web používá soubory cookie.',
    sv: 'Vi använder cookies för att förbättra din upplevelse.',
    ja: '当サイトではCookieを使用しています。',
    zh: '本網站使用 Cookie 以提供更好的瀏覽體驗。',
  };
  return `<div id="cookie-consent" class="cookie-consent" role="dialog" aria-live="polite" hidden style="display:none">
  <p>${esc(t[site.lang])} <a href="/policies/privacy-policy">${esc(UI[site.lang].privacy)}</a></p>
  <button type="button" class="button" data-cookie-accept>OK</button>
</div>`;
}

export function whatsappFloat(site: Site): string {
  if (!site.whatsapp) return '';
  return `<a href="https://api.whatsapp.com/send?phone=${site.whatsapp.replace(/[^\d]/g, '')}&amp;text=${encodeURIComponent('Hola, tengo una pregunta')}" class="whatsapp-float" target="_blank" rel="noopener" aria-label="WhatsApp" style="position:fixed;right:20px;bottom:20px;z-index:999;background:#25d366;border-radius:50%;width:56px;height:56px;display:flex;align-items:center;justify-content:center;color:#fff">${icon('whatsapp', 'icon', 30)}</a>`;
}

/** Google Tag Manager snippet (noscript + loader), as nearly every store has. */
export function gtm(id: string): { head: string; body: string } {
  return {
    head: `<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','${id}');</script>
<!-- End Google Tag Manager -->`,
    body: `<!-- Google Tag Manager (noscript) -->
<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${id}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
<!-- End Google Tag Manager (noscript) -->`,
  };
}

export function metaPixel(id: string): string {
  return `<!-- Meta Pixel Code -->
<script>
!function(f,b,e,v,n,t,s)
{if(f.fbq)return;n=f.fbq=function(){n.callMethod?
n.callMethod.apply(n,arguments):n.queue.push(arguments)};
if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';
n.queue=[];t=b.createElement(e);t.async=!0;
t.src=v;s=b.getElementsByTagName(e)[0];
s.parentNode.insertBefore(t,s)}(window, document,'script',
'https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '${id}');
fbq('track', 'PageView');
</script>
<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=${id}&ev=PageView&noscript=1"/></noscript>
<!-- End Meta Pixel Code -->`;
}
