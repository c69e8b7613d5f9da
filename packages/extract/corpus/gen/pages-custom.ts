import { rng, CUR, UI, esc, slug, icon, repeat, num, US2, EU0, type Cur, type Rng } from './lib.ts';
import {
  type Site,
  type Card,
  type Product,
  genCards,
  makeProduct,
  specsTable,
  reviewList,
  policyText,
  faqBlock,
  breadcrumbsList,
} from './parts.ts';
import { customShell } from './custom.ts';
import { type PageDef, productTruth, listTruth } from './types.ts';

function site(
  p: Partial<Site> &
    Pick<Site, 'name' | 'domain' | 'htmlLang' | 'country' | 'phone' | 'address'> & { cur: Cur },
): Site {
  return {
    lang: 'es',
    currencyHints: true,
    email: `contacto@${p.domain.replace(/^www\./, '')}`,
    year: 2024,
    payments: ['Visa', 'Mastercard', 'PayPal'],
    dateStyle: 'es-long',
    ...p,
  };
}

/** A plain product card as small custom sites write them. */
function card(s: Site, c: Card, price: (v: number) => string, extra = ''): string {
  const onSale = c.compare !== undefined && c.compare > c.price;
  return `<div class="col-6 col-md-3 mb-4"><div class="card h-100 product-card" data-id="${c.id % 100000}">
  <a href="/producto/${slug(c.name)}"><img src="https://${s.domain}/uploads/productos/${slug(c.name).slice(0, 40)}-300.webp" class="card-img-top" alt="${esc(c.name)}" loading="lazy" width="300" height="300"></a>
  <div class="card-body"><h3 class="card-title h6"><a href="/producto/${slug(c.name)}">${esc(c.name)}</a></h3>
  <p class="card-text product-card__price">${onSale ? `<del class="text-muted small">${esc(price(c.compare ?? 0))}</del> ` : ''}<strong>${esc(price(c.price))}</strong>${extra}</p></div>
  <div class="card-footer bg-white border-0"><button class="btn btn-dark btn-sm w-100 js-add" data-id="${c.id % 100000}">${esc(UI[s.lang].addToCart)}</button></div>
</div></div>`;
}

function neutralReviews(r: Rng, n: number): string {
  const bodies = [
    'Muy buena calidad, llegó bien empacado.',
    'Excelente atención, respondieron rápido mis dudas.',
    'El acabado es muy bueno, lo recomiendo.',
    'Tardó un poco en llegar pero valió la pena.',
    'Tal como en las fotos. Volveré a comprar.',
    'Buen precio y buen servicio.',
  ];
  const names = ['Andrea', 'José', 'Mariana', 'Luis', 'Carolina', 'Pablo', 'Fernanda', 'Diego'];
  const months = [
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
  return `<section class="reviews my-5"><h2 class="h4">Opiniones de clientes</h2><p class="text-muted">${r.int(18, 60)} reseñas</p><ul class="list-unstyled">${repeat(
    n,
    () => {
      const d = r.int(1, 28);
      const m = r.int(0, 11);
      const y = r.int(2019, 2024);
      return `<li class="review border-bottom py-3"><div class="stars text-warning">${'★'.repeat(r.int(4, 5))}</div><strong>${esc(r.pick(names))}</strong> <time class="text-muted small" datetime="${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}">${d} de ${months[m]} de ${y}</time><p class="mb-0">${esc(r.pick(bodies))}</p></li>`;
    },
  ).join('')}</ul></section>`;
}

type ProductMainOpts = {
  s: Site;
  p: Product;
  priceHtml: string;
  buyExtra?: string;
  related: Card[];
  relatedPrice: (v: number) => string;
  relatedExtra?: (c: Card) => string;
  neutral?: boolean;
  r: Rng;
};

function productMain(o: ProductMainOpts): string {
  const { s, p, r } = o;
  const ui = UI[s.lang];
  return `<div class="container py-4">
${breadcrumbsList([{ name: ui.home, url: '/' }, ...p.breadcrumbs.map((b) => ({ name: b, url: `/categoria/${slug(b)}` })), { name: p.title }], 'breadcrumbs', '›')}
<div class="row product" itemscope itemtype="https://schema.org/Product">
  <div class="col-md-6 product__gallery"><div id="carouselProducto" class="carousel slide" data-bs-ride="carousel"><div class="carousel-inner">${p.images.map((img, i) => `<div class="carousel-item${i === 0 ? ' active' : ''}"><img src="${img.replace(`https://${s.domain}/cdn/images/`, `https://${s.domain}/uploads/productos/`)}" class="d-block w-100" alt="${esc(p.title)}" ${i ? 'loading="lazy"' : ''} width="800" height="800"></div>`).join('')}</div><button class="carousel-control-prev" type="button" data-bs-target="#carouselProducto" data-bs-slide="prev">${icon('arrowLeft', 'icon', 24)}</button><button class="carousel-control-next" type="button" data-bs-target="#carouselProducto" data-bs-slide="next">${icon('arrowRight', 'icon', 24)}</button></div></div>
  <div class="col-md-6 product__info">
    <h1 class="product__title" itemprop="name">${esc(p.title)}</h1>
    <p class="product__sku text-muted small">SKU: ${esc(p.variants[0]?.sku ?? '')} · ${esc(p.brand)}</p>
    <div class="product__price-box">${o.priceHtml}</div>
    ${o.buyExtra ?? ''}
    <form class="product__form d-flex gap-2 my-3" action="/carrito/agregar" method="post"><input type="hidden" name="producto" value="${p.id % 100000}"><label class="visually-hidden" for="qty">${esc(ui.quantity)}</label><input id="qty" type="number" name="cantidad" class="form-control" value="1" min="1" style="max-width:90px"><button type="submit" class="btn btn-primary flex-grow-1">${esc(ui.addToCart)}</button></form>
    <ul class="product__perks list-unstyled small">${icon('truck', 'icon', 14)} ${esc(s.announcement ?? '')}</ul>
  </div>
</div>
<ul class="nav nav-tabs mt-5" role="tablist"><li class="nav-item"><button class="nav-link active" data-bs-toggle="tab" data-bs-target="#desc">${esc(ui.description)}</button></li><li class="nav-item"><button class="nav-link" data-bs-toggle="tab" data-bs-target="#specs">${esc(ui.specs)}</button></li></ul>
<div class="tab-content p-3 border border-top-0"><div class="tab-pane fade show active" id="desc">${p.descriptionHtml}</div><div class="tab-pane fade" id="specs">${specsTable(p.specs, 'table table-sm')}</div></div>
${o.neutral ? neutralReviews(r, 6) : reviewList(s, p, 'review')}
<section class="related my-5"><h2 class="h4">${esc(ui.youMayLike)}</h2><div class="row">${o.related.map((c) => card(s, c, o.relatedPrice, o.relatedExtra?.(c) ?? '')).join('\n')}</div></section>
${o.neutral ? '' : `<section class="policies small text-muted">${policyText(s, o.relatedPrice)}</section>`}
</div>`;
}

const MX_ADDR = (street: string, col: string, city: string): string[] => [street, col, city];

export function customPages(): (() => PageDef)[] {
  return [
    () => {
      const file = 'custom-3d-printing-tariff-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Taller Aditivo',
        domain: 'www.talleraditivo.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 55 5264 8800',
        whatsapp: '+52 1 55 3456 7890',
        address: MX_ADDR(
          'Calle Durango 245, Local B',
          'Col. Roma Norte, C.P. 06700',
          'Cuauhtémoc, Ciudad de México',
        ),
        announcement: 'Cotización en menos de 24 horas · Entregas en CDMX y envíos a todo México',
        payments: ['Visa', 'Mastercard', 'SPEI', 'PayPal'],
      });
      const url = 'https://www.talleraditivo.mx/servicios/impresion-3d/precios';
      const items = [
        {
          name: 'Impresión FDM en PLA',
          price: 2.5,
          unit: 'por gramo',
          tech: 'FDM',
          note: 'Capa 0.12–0.28 mm',
        },
        {
          name: 'Impresión FDM en PETG',
          price: 3,
          unit: 'por gramo',
          tech: 'FDM',
          note: 'Piezas funcionales, exteriores',
        },
        {
          name: 'Impresión FDM en ABS / ASA',
          price: 3.5,
          unit: 'por gramo',
          tech: 'FDM',
          note: 'Cámara cerrada',
        },
        {
          name: 'Impresión FDM en TPU flexible',
          price: 4.8,
          unit: 'por gramo',
          tech: 'FDM',
          note: 'Shore 95A',
        },
        {
          name: 'Impresión SLA en resina estándar',
          price: 9.5,
          unit: 'por cm³',
          tech: 'SLA',
          note: 'Capa 0.05 mm',
        },
        {
          name: 'Impresión SLA en resina ingenieril (tough)',
          price: 14,
          unit: 'por cm³',
          tech: 'SLA',
          note: 'Alta resistencia al impacto',
        },
        {
          name: 'Modelado 3D / diseño CAD',
          price: 450,
          unit: 'desde',
          tech: 'Diseño',
          note: 'Según complejidad',
        },
        { name: 'Escaneo 3D', price: 1200, unit: 'desde', tech: 'Escaneo', note: 'Piezas de hasta 50 cm' },
      ];
      const m = (v: number): string => '$' + num(v, US2);
      const row = (it: (typeof items)[number]): string =>
        it.unit === 'desde'
          ? `<div class="col-md-6"><div class="service-card p-4 border rounded-3 h-100"><h3 class="h5">${esc(it.name)}</h3><p class="service-card__price display-6 fw-bold">desde ${m(it.price)} <small class="fs-6 text-muted">más IVA</small></p><p>${esc(it.note)}</p><a href="#cotizar" class="btn btn-outline-dark">Cotizar</a></div></div>`
          : `<tr data-material="${slug(it.name)}" data-rate="${it.price}"><td>${esc(it.name.replace(/^Impresión (FDM|SLA) en /, ''))}</td><td class="text-nowrap"><strong>${m(it.price)} MXN</strong> ${esc(it.unit)}</td><td>${esc(it.note)}</td></tr>`;
      const main = `<section class="hero py-5 bg-dark text-white"><div class="container"><h1 class="display-5 fw-bold">Servicio de impresión 3D en CDMX</h1><p class="lead">Prototipos, piezas funcionales y series cortas en FDM y resina. Más de 12,000 piezas entregadas desde 2016.</p><a href="#cotizar" class="btn btn-warning btn-lg">Cotiza tu pieza</a></div></section>
<section class="container py-5" id="precios">
  <h2>Precios de impresión 3D</h2>
  <p>Todos los precios son <strong>más IVA</strong>. El precio final depende del peso o volumen de la pieza, del relleno y del acabado. <em>Pedido mínimo: $250.</em></p>
  <h3 class="h4 mt-4">FDM (filamento)</h3>
  <div class="table-responsive"><table class="table table-striped align-middle tariff"><thead><tr><th>Material</th><th>Precio</th><th>Notas</th></tr></thead><tbody>
${items
  .filter((i) => i.tech === 'FDM')
  .map(row)
  .join('\n')}
  </tbody></table></div>
  <h3 class="h4 mt-4">SLA (resina)</h3>
  <div class="table-responsive"><table class="table table-striped align-middle tariff"><thead><tr><th>Resina</th><th>Precio</th><th>Notas</th></tr></thead><tbody>
${items
  .filter((i) => i.tech === 'SLA')
  .map(row)
  .join('\n')}
  </tbody></table></div>
  <h3 class="h4 mt-4">Servicios complementarios</h3>
  <div class="row g-4">${items
    .filter((i) => i.unit === 'desde')
    .map(row)
    .join('\n')}</div>
  <div class="alert alert-info mt-4">Ejemplo: un soporte de 85 g en PETG cuesta 85 × $3.00 = $255.00 más IVA. Acabado lijado y pintado: +30 %.</div>
</section>
<section class="container py-5" id="cotizar"><h2>Calculadora rápida</h2>
  <div class="calc row g-3" data-min-order="250"><div class="col-md-4"><label class="form-label" for="calc-mat">Material</label><select id="calc-mat" class="form-select">${items
    .filter((i) => i.unit !== 'desde')
    .map((i) => `<option value="${i.price}">${esc(i.name)}</option>`)
    .join(
      '',
    )}</select></div><div class="col-md-4"><label class="form-label" for="calc-qty">Gramos / cm³</label><input id="calc-qty" type="number" class="form-control" value="0"></div><div class="col-md-4"><p class="form-label">Estimado</p><p class="h3 js-calc-total">$0.00</p><small class="text-muted">más IVA · aplica pedido mínimo</small></div></div>
  <template id="calc-result-tpl"><div class="calc-result"><span class="calc-result__amount">{{total}}</span> MXN + IVA</div></template>
</section>
<section class="container py-5"><h2>Preguntas frecuentes</h2>${faqBlock(s)}</section>
<section class="container py-5"><h2>Lo que dicen nuestros clientes</h2><blockquote class="blockquote">“Nos imprimieron 40 carcasas en 3 días.” — Ingeniería Delta, julio 2023</blockquote><blockquote class="blockquote">“Excelente calidad en resina para joyería.” — Taller Ocho, 12/03/2024</blockquote></section>`;
      const html = customShell(r, {
        site: s,
        url,
        title: 'Precios de impresión 3D en CDMX | Taller Aditivo',
        description: 'Impresión 3D FDM desde $2.50 por gramo y SLA desde $9.50 por cm³. Cotiza en línea.',
        main,
        generator: 'Astro v4.4.0',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'LocalBusiness',
            name: s.name,
            priceRange: '$$',
            telephone: s.phone,
            address: {
              '@type': 'PostalAddress',
              streetAddress: 'Calle Durango 245, Local B',
              addressLocality: 'Ciudad de México',
              postalCode: '06700',
              addressCountry: 'MX',
            },
          },
        ],
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, items),
          tests:
            '3D-printing tariff (Mexico, .mx): FDM per gram ($2.50 MXN … $4.80), SLA per cm³ ($9.50, $14.00), "desde $450" design and "desde $1,200" scanning (range floors); "más IVA"; "Pedido mínimo: $250" is a condition, not an offer; worked example "$255.00" and calculator placeholder "$0.00" are not offers; LocalBusiness JSON-LD with addressCountry MX',
        },
        html,
        mustContain: ['$2.50 MXN', '$9.50 MXN', 'desde $450.00', 'desde $1,200.00'],
      };
    },

    () => {
      const file = 'custom-cnc-hourly-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Maquinados del Bajío',
        domain: 'www.maquinadosbajio.com.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 477 711 2030',
        whatsapp: '+52 1 477 222 3344',
        address: MX_ADDR(
          'Blvd. Aeropuerto 1503, Nave 7',
          'Parque Industrial Santa Crocce, C.P. 37545',
          'León, Guanajuato',
        ),
        announcement: 'Maquinado CNC por hora · Entregas de 3 a 5 días hábiles',
      });
      const url = 'https://www.maquinadosbajio.com.mx/tarifas-cnc';
      const items = [
        { name: 'Router CNC 3 ejes (madera, MDF, plásticos)', price: 650, unit: '/hora, mínimo 2 horas' },
        { name: 'Centro de maquinado CNC (aluminio y acero)', price: 850, unit: '/hora' },
        { name: 'Torno CNC', price: 720, unit: '/hora' },
        { name: 'Setup / preparación de máquina', price: 300, unit: 'por trabajo' },
      ];
      const main = `<section class="container py-5"><h1>Tarifas de maquinado CNC</h1>
<p class="lead">Cobramos por hora de máquina. El tiempo se calcula con el CAM antes de arrancar y te lo confirmamos por escrito.</p>
<div class="row g-4 pricing">${items
        .map(
          (it) =>
            `<div class="col-md-6 col-lg-3"><div class="pricing-card border rounded-3 p-4 h-100"><h2 class="h5">${esc(it.name)}</h2><p class="pricing-card__amount"><span class="fs-2 fw-bold">$${num(it.price, US2).replace(/\.00$/, '')}</span> <span class="pricing-card__cur">MXN</span><span class="pricing-card__unit">${esc(it.unit)}</span></p><ul class="small"><li>Programación CAM incluida</li><li>Tolerancia ±0.05 mm</li></ul></div></div>`,
        )
        .join('\n')}</div>
<p class="mt-4">Precios <strong>antes de IVA</strong>. El material se cotiza aparte (aluminio 6061 desde $180/kg). Trabajos mayores a 20 horas: 10 % de descuento.</p>
<table class="table mt-4"><caption>Tiempos típicos</caption><thead><tr><th>Pieza</th><th>Material</th><th>Tiempo</th></tr></thead><tbody><tr><td>Letrero 60 x 40 cm</td><td>MDF 9 mm</td><td>1.5 h</td></tr><tr><td>Placa base 200 x 150 mm</td><td>Aluminio 6061</td><td>3 h</td></tr><tr><td>Flecha Ø 25 x 120 mm</td><td>Acero 1018</td><td>0.75 h</td></tr></tbody></table>
<h2 class="mt-5">Preguntas frecuentes</h2>${faqBlock(s)}</section>`;
      const html = customShell(r, {
        site: s,
        url,
        title: 'Tarifas de maquinado CNC | Maquinados del Bajío',
        description: 'Router CNC $650 MXN/hora, centro de maquinado $850 MXN/hora.',
        main,
        generator: 'WordPress 6.4.3',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, items),
          tests:
            'CNC hourly tariff: "$650 MXN/hora, mínimo 2 horas" (minimum is a condition), $850 and $720 per hour, "Setup / preparación" $300 per job (its own priced line); "antes de IVA"; material "desde $180/kg" and "20 horas … 10 %" in prose are not offers; hour figures (1.5 h, 0.75 h) and tolerances nearby',
        },
        html,
        mustContain: ['$650</span> <span class="pricing-card__cur">MXN', '$300</span>'],
      };
    },

    () => {
      const file = 'custom-laser-cutting-co.html';
      const r = rng(file);
      const s = site({
        name: 'Corte Láser Medellín',
        domain: 'www.cortelasermedellin.com.co',
        htmlLang: 'es-CO',
        country: 'CO',
        cur: CUR.COP,
        phone: '+57 604 321 7788',
        whatsapp: '+57 315 444 2211',
        address: ['Calle 10 Sur # 50FF-28, Guayabal', 'Medellín, Antioquia, Colombia'],
        announcement: 'Corte y grabado láser el mismo día para pedidos antes de las 10 a. m.',
        payments: ['Visa', 'Mastercard', 'PSE', 'Nequi', 'Bancolombia'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.cortelasermedellin.com.co/precios';
      const items = [
        { name: 'Corte láser CO2 (tiempo de máquina)', price: 2500, unit: '/ minuto' },
        { name: 'Grabado láser CO2', price: 1800, unit: '/ minuto' },
        { name: 'Grabado láser de fibra en metal', price: 3200, unit: '/ minuto' },
        { name: 'Corte de MDF 3 mm (material incluido)', price: 85000, unit: '/ m²' },
        { name: 'Corte de acrílico 3 mm (material incluido)', price: 120000, unit: '/ m²' },
      ];
      const m = (v: number): string => '$ ' + num(v, EU0);
      const main = `<section class="container py-5"><h1>Precios de corte y grabado láser</h1>
<p>Cobramos por minuto de máquina o por metro cuadrado con material incluido. Precios + IVA 19 %. Mínimo de facturación ${m(30000)}.</p>
<table class="table table-bordered price-table"><thead class="table-dark"><tr><th>Servicio</th><th>Valor</th></tr></thead><tbody>
${items.map((it) => `<tr><td>${esc(it.name)}</td><td class="price-table__value"><span class="valor">${m(it.price)}</span> <span class="unidad">${esc(it.unit)}</span></td></tr>`).join('\n')}
</tbody></table>
<div class="row g-4 mt-3"><div class="col-md-6"><h2 class="h4">Materiales que cortamos</h2><ul><li>MDF 2.5, 3, 5.5 y 9 mm</li><li>Acrílico 2, 3, 4, 5 y 6 mm</li><li>Triplex, cartón, cuero, tela</li></ul></div><div class="col-md-6"><h2 class="h4">Ejemplo</h2><p>20 llaveros de acrílico 3 mm (6 minutos de corte) = 6 × ${m(2500)} = ${m(15000)} + IVA. Como no supera el mínimo, se factura ${m(30000)}.</p></div></div>
<h2 class="mt-4">Formatos de archivo</h2><p>DXF, SVG, AI y PDF vectorial. Área máxima 130 x 90 cm.</p></section>`;
      const html = customShell(r, {
        site: s,
        url,
        title: 'Precios corte láser Medellín',
        description: 'Corte láser desde $ 2.500 por minuto.',
        main,
        generator: 'Wix.com Website Builder',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'CO',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, items),
          tests:
            'laser cutting tariff (Colombia): per minute "$ 2.500 / minuto", "$ 1.800", "$ 3.200" and per square metre "$ 85.000 / m²", "$ 120.000 / m²" (dot thousands, COP); "+ IVA 19 %"; minimum invoice "$ 30.000" and the worked example "$ 15.000" are not offers; thicknesses (3 mm) and sizes (130 x 90 cm) nearby',
        },
        html,
        mustContain: items.map((it) => `<span class="valor">${m(it.price)}</span>`),
      };
    },

    () => {
      const file = 'custom-quantity-tiers-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Prototipos Express',
        domain: 'www.prototiposexpress.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 33 3121 4567',
        whatsapp: '+52 1 33 9876 5432',
        address: MX_ADDR(
          'Av. López Mateos Sur 5550, Local 12',
          'Col. Santa Anita, C.P. 45645',
          'Tlajomulco, Jalisco',
        ),
        announcement: 'Envío gratis en compras mayores a $999',
      });
      const url = 'https://www.prototiposexpress.mx/producto/soporte-camara-petg';
      const p = makeProduct(r, s, {
        title: 'Soporte de cámara impreso en 3D (PETG negro)',
        brand: 'Prototipos Express',
        type: 'Piezas impresas',
        breadcrumbs: ['Piezas impresas', 'Soportes'],
        variants: [{ title: 'PETG negro', price: 120, sku: 'PX-SOP-CAM', id: 1 }],
        tiers: [
          { min: 1, max: 9, price: 120 },
          { min: 10, price: 95 },
        ],
        descriptionHtml: `<p>Soporte con rosca 1/4" para cámaras y lámparas, impreso en PETG con 40 % de relleno. Peso 38 g.</p><p>Personalizamos el color sin costo en pedidos de 10 piezas o más.</p>`,
        specs: [
          ['Material', 'PETG'],
          ['Peso', '38 g'],
          ['Medidas', '80 x 45 x 30 mm'],
          ['Rosca', '1/4"-20 UNC'],
          ['Temperatura máxima', '75 °C'],
        ],
        rating: 4.8,
        reviewCount: 46,
        reviewsShown: 6,
      });
      const priceHtml = `<p class="price h2 mb-1"><span class="price__amount">$120.00</span> <small class="text-muted">c/u · IVA incluido</small></p>
<table class="table table-sm tiers mt-3" aria-label="Precio por volumen"><thead><tr><th>Cantidad</th><th>Precio unitario</th></tr></thead><tbody>
<tr class="tiers__row tiers__row--active" data-min="1" data-max="9"><td>1–9 pzas</td><td>$120 c/u</td></tr>
<tr class="tiers__row" data-min="10"><td>10+ pzas</td><td>$95 c/u</td></tr>
</tbody></table>
<p class="small text-muted">Al llevar 10 piezas pagas $950.00 en lugar de $1,200.00.</p>`;
      const related = genCards(r, s, 8);
      const main = productMain({ s, p, priceHtml, related, relatedPrice: CUR.MXN.fmt, r });
      const html = customShell(r, {
        site: s,
        url,
        title: `${p.title} | ${s.name}`,
        description: 'Soporte de cámara impreso en 3D, $120 c/u, $95 c/u desde 10 piezas.',
        main,
        generator: 'Next.js',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: p.title,
            sku: 'PX-SOP-CAM',
            offers: {
              '@type': 'AggregateOffer',
              lowPrice: '95.00',
              highPrice: '120.00',
              priceCurrency: 'MXN',
              offerCount: 2,
            },
          },
        ],
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'quantity tiers in the buy box: "1–9 pzas $120 c/u", "10+ pzas $95 c/u" (main = the 1-piece price 120; 95 is the product\'s own tier); totals "$950.00"/"$1,200.00" are not offers; AggregateOffer JSON-LD lowPrice 95 (not the main); 8 related cards',
        },
        html,
        mustContain: ['<span class="price__amount">$120.00</span>', '<td>$95 c/u</td>'],
      };
    },

    () => {
      const file = 'custom-product-stock-digits-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Herramientas CNC MX',
        domain: 'www.herramientascnc.com.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 81 8123 4567',
        address: MX_ADDR('Av. Ruiz Cortines 2410', 'Col. Moderna, C.P. 64530', 'Monterrey, N.L.'),
        announcement: 'Envío gratis en compras mayores a $999',
      });
      const url = 'https://www.herramientascnc.com.mx/fresa-plana-carburo-1-8-2-filos';
      const p = makeProduct(r, s, {
        title: "Fresa plana de carburo 1/8'' 2 filos",
        brand: 'HCM',
        type: 'Fresas',
        breadcrumbs: ['Fresas', 'Planas'],
        variants: [{ title: '1/8"', price: 45, sku: 'HCM-FP-18-2', id: 1 }],
        descriptionHtml: `<p>Fresa de carburo de tungsteno para madera, MDF y acrílico. Zanco 1/8", largo de corte 17 mm.</p>`,
        specs: [
          ['Diámetro', '3.175 mm'],
          ['Largo de corte', '17 mm'],
          ['Largo total', '38 mm'],
          ['Filos', '2'],
        ],
        rating: 4.5,
        reviewCount: 23,
        reviewsShown: 5,
      });
      const priceHtml = `<div class="precio-bloque"><span class="precio">$45</span><span class="existencias">3 piezas disponibles</span></div>`;
      const related = genCards(r, s, 8);
      const main = productMain({
        s,
        p,
        priceHtml,
        related,
        relatedPrice: (v) => '$' + num(Math.round(v), { thou: ',', dec: '.', decimals: 0 }),
        relatedExtra: (c) => `<span class="existencias small">${(c.id % 17) + 1} piezas disponibles</span>`,
        r,
      });
      const html = customShell(r, {
        site: s,
        url,
        title: `${p.title} | ${s.name}`,
        description: 'Fresa plana de carburo 1/8 2 filos.',
        main,
        generator: 'PHP',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'neighbouring digits must not join: <span class="precio">$45</span><span class="existencias">3 piezas disponibles</span> (text flattens to "$453 piezas"); no structured data; related cards repeat the pattern with rounded prices; "1/8\'\'", "17 mm", "2 filos" nearby',
        },
        html,
        mustContain: ['<span class="precio">$45</span><span class="existencias">3 piezas disponibles</span>'],
      };
    },

    () => {
      const file = 'custom-product-sold-digits-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Tornillería Maker',
        domain: 'www.tornilleriamaker.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 222 246 8800',
        address: MX_ADDR('Av. Reforma 2114', 'Col. Amor, C.P. 72140', 'Puebla, Pue.'),
        announcement: 'Envío gratis en compras mayores a $999',
      });
      const url = 'https://www.tornilleriamaker.mx/productos/inserto-roscado-laton-m3x5';
      const p = makeProduct(r, s, {
        title: 'Inserto roscado de latón M3 x 5 mm (pieza)',
        brand: 'Tornillería Maker',
        type: 'Insertos',
        breadcrumbs: ['Tornillería', 'Insertos roscados'],
        variants: [{ title: 'M3 x 5', price: 2.22, sku: 'TM-INS-M3-5', id: 1 }],
        descriptionHtml: `<p>Inserto de latón moleteado para instalar con cautín en piezas impresas en 3D. Precio por pieza; pide la cantidad que necesites.</p>`,
        specs: [
          ['Rosca', 'M3 x 0.5'],
          ['Largo', '5 mm'],
          ['Diámetro exterior', '4.6 mm'],
          ['Material', 'Latón'],
        ],
        rating: 4.9,
        reviewCount: 7,
        reviewsShown: 4,
      });
      const priceHtml = `<div class="pdp-price"><span class="pdp-price__value">$2.22</span><span class="pdp-price__sold">0 vendidos</span></div><p class="small">Precio por pieza. Paquetes en la sección de relacionados.</p>`;
      const related = genCards(r, s, 6);
      const main = productMain({
        s,
        p,
        priceHtml,
        related,
        relatedPrice: CUR.MXN.fmt,
        relatedExtra: (c) => `<span class="small text-muted">${c.id % 40} vendidos</span>`,
        r,
      });
      const html = customShell(r, {
        site: s,
        url,
        title: p.title,
        description: 'Inserto roscado de latón M3.',
        main,
        generator: 'Laravel',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'neighbouring digits must not join: <span>$2.22</span><span>0 vendidos</span> (text flattens to "$2.220 vendidos", which is not 2.22 thousand or 2.220); related cards followed by "N vendidos"; no structured data',
        },
        html,
        mustContain: [
          '<span class="pdp-price__value">$2.22</span><span class="pdp-price__sold">0 vendidos</span>',
        ],
      };
    },

    () => {
      const file = 'custom-dual-currency-pricelist-mx.html';
      const r = rng(file);
      const s = site({
        name: 'FabLab Tijuana',
        domain: 'www.fablabtijuana.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 664 634 2211',
        address: MX_ADDR('Blvd. Agua Caliente 10611, Int. 4', 'Col. Aviación, C.P. 22014', 'Tijuana, B.C.'),
        announcement: 'Aceptamos pesos y dólares · Tipo de cambio del día',
      });
      const url = 'https://www.fablabtijuana.mx/precios';
      const items = [
        { name: 'Membresía mensual', price: 1850, usd: 105 },
        { name: 'Hora de cortadora láser', price: 450, usd: 25 },
        { name: 'Hora de impresora 3D', price: 120, usd: 7 },
        { name: 'Hora de router CNC', price: 600, usd: 34 },
        { name: 'Curso introductorio de Fusion 360 (8 h)', price: 2400, usd: 135 },
        { name: 'Curso de soldadura electrónica (4 h)', price: 950, usd: 53 },
        { name: 'Kit Arduino para curso', price: 780, usd: 44 },
        { name: 'Consultoría de diseño (hora)', price: 700, usd: 39 },
      ];
      const main = `<section class="container py-5"><h1>Lista de precios</h1>
<p>Los precios en dólares son de referencia al tipo de cambio del día (TC: $17.60). Facturamos en pesos mexicanos. IVA incluido.</p>
<table class="table table-hover price-list"><thead><tr><th>Concepto</th><th>Precio MXN</th><th>Precio USD</th></tr></thead><tbody>
${items.map((it) => `<tr><td>${esc(it.name)}</td><td class="mxn">$${num(it.price, US2)} MXN</td><td class="usd">US$ ${num(it.usd, US2)}</td></tr>`).join('\n')}
</tbody></table>
<p class="small">Estudiantes con credencial vigente: 20 % de descuento en membresía. Grupos de 5 o más: pregunta por tarifa corporativa.</p></section>`;
      const html = customShell(r, {
        site: s,
        url,
        title: 'Precios | FabLab Tijuana',
        description: 'Membresías, horas de máquina y cursos.',
        main,
        generator: 'Squarespace',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, items),
          tests:
            'dual-currency price list in Tijuana: every item priced "$1,850.00 MXN" and "US$ 105.00" — truth lists only the MXN price, one offer per item (the USD column is a reference conversion); exchange rate "TC: $17.60" is not an offer',
        },
        html,
        mustContain: items.map((it) => `$${num(it.price, US2)} MXN`),
      };
    },

    () => {
      const file = 'custom-materials-category-ec.html';
      const r = rng(file);
      const s = site({
        name: 'Materiales Maker Ecuador',
        domain: 'www.materialesmaker.com.ec',
        htmlLang: 'es-EC',
        country: 'EC',
        cur: CUR.USD,
        phone: '+593 4 260 1234',
        whatsapp: '+593 98 765 4321',
        address: [
          'Av. Francisco de Orellana y Justino Cornejo, C.C. Galerías, Local 14',
          'Guayaquil 090513, Ecuador',
        ],
        announcement: 'Envío gratis en Guayaquil en compras mayores a $50',
        payments: ['Visa', 'Mastercard', 'Diners Club', 'Transferencia', 'PayPhone'],
      });
      const url = 'https://www.materialesmaker.com.ec/categoria/materiales-corte-laser';
      const mats: [string, number][] = [
        ['MDF', 0.9],
        ['Acrílico cristal', 2.4],
        ['Acrílico negro', 2.6],
        ['Acrílico espejo dorado', 4.1],
        ['Triplex de pino', 1.6],
        ['Balsa', 3.2],
        ['Cartón gris', 0.5],
        ['Cuero vegetal', 5.5],
      ];
      const sizes: [string, number][] = [
        ['30 x 20 cm', 1],
        ['60 x 40 cm', 3.6],
        ['90 x 60 cm', 8],
        ['120 x 90 cm', 16.5],
      ];
      const cards: Card[] = [];
      for (const [mname, base] of mats)
        for (const [sz, f] of sizes) {
          if (cards.length >= 32) break;
          const thick = mname.startsWith('Acrílico')
            ? '3 mm'
            : mname === 'MDF'
              ? '3 mm'
              : mname === 'Cuero vegetal'
                ? '2 mm'
                : '4 mm';
          const price = Math.round(base * f * (1 + r.next() * 0.1) * 4) / 4 + 0.25;
          const c: Card = {
            id: r.int(100000, 999999),
            name: `${mname} ${thick} ${sz}`,
            url: `/producto/${slug(`${mname} ${thick} ${sz}`)}`,
            img: '',
            price: Math.round(price * 100) / 100,
          };
          if (r.chance(0.2)) c.compare = Math.round(c.price * 1.2 * 100) / 100;
          cards.push(c);
        }
      const fmt = (v: number): string => '$' + num(v, US2);
      const main = `<div class="container py-4">
${breadcrumbsList([{ name: 'Inicio', url: '/' }, { name: 'Materiales', url: '/categoria/materiales' }, { name: 'Materiales para corte láser' }], 'breadcrumbs', '›')}
<div class="row"><aside class="col-md-3 filters"><h2 class="h6">Filtrar</h2><div class="filter"><h3 class="h6">Material</h3>${mats.map(([mname], i) => `<div class="form-check"><input class="form-check-input" type="checkbox" id="f${i}"><label class="form-check-label" for="f${i}">${esc(mname)}</label></div>`).join('')}</div><div class="filter"><h3 class="h6">Precio</h3><input type="range" class="form-range" min="0" max="100" id="precio"><div class="d-flex justify-content-between small"><span>$0</span><span>$100</span></div></div></aside>
<section class="col-md-9"><div class="d-flex justify-content-between align-items-center mb-3"><h1 class="h3">Materiales para corte láser</h1><span class="text-muted">${cards.length} productos</span></div>
<div class="row">${cards.map((c) => card(s, c, fmt)).join('\n')}</div>
<nav aria-label="Paginación"><ul class="pagination"><li class="page-item active"><span class="page-link">1</span></li><li class="page-item"><a class="page-link" href="?p=2">2</a></li></ul></nav></section></div></div>`;
      const html = customShell(r, {
        site: s,
        url,
        title: 'Materiales para corte láser | Materiales Maker Ecuador',
        description: 'MDF, acrílico, triplex y más para corte láser en Guayaquil.',
        main,
        generator: 'PrestaShop-like custom',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'EC',
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, cards),
          tests:
            'materials shop category page (Ecuador, .com.ec: bare $ means USD) with 32 cards: thickness and sheet sizes in every name ("3 mm 60 x 40 cm"), some cards with <del> old price (truth: the current price); price filter "$0"/"$100" and free shipping over "$50" are not offers',
        },
        html,
        mustContain: cards.map((c) => `<strong>${fmt(c.price)}</strong>`),
      };
    },

    () => {
      const file = 'custom-blog-market-article-mx.html';
      const r = rng(file);
      const s = site({
        name: 'Maker Mexicano',
        domain: 'www.makermexicano.com.mx',
        htmlLang: 'es-MX',
        country: 'MX',
        cur: CUR.MXN,
        phone: '+52 55 4433 2211',
        address: MX_ADDR('Av. Universidad 1330', 'Col. Del Carmen, C.P. 04100', 'Coyoacán, CDMX'),
        announcement: 'Nuevo: guía de compra de impresoras 3D 2024',
      });
      const url = 'https://www.makermexicano.com.mx/blog/cuanto-cuesta-imprimir-en-3d-en-mexico-2024';
      const main = `<article class="container py-5 post" itemscope itemtype="https://schema.org/BlogPosting">
<header class="post__header"><p class="post__category"><a href="/blog/categoria/mercado">Mercado</a></p><h1 class="post__title" itemprop="headline">¿Cuánto cuesta imprimir en 3D en México en 2024?</h1>
<p class="post__meta">Por <span itemprop="author">Daniela Ortega</span> · <time itemprop="datePublished" datetime="2024-03-18">18 de marzo de 2024</time> · 9 min de lectura · 42 comentarios</p></header>
<div class="post__body" itemprop="articleBody">
<p>Si estás pensando en mandar a imprimir una pieza o en comprar tu primera impresora, estos son los precios que encontramos al comparar 27 talleres y tiendas de la CDMX, Guadalajara y Monterrey durante febrero de 2024.</p>
<h2>Servicios de impresión por gramo</h2>
<p>La mayoría de los talleres cobra la impresión FDM por gramo: el rango va de <strong>$2 a $4 por gramo</strong> en PLA y sube a $5 o $6 en materiales técnicos como nylon o fibra de carbono. En resina (SLA) el cobro suele ser por centímetro cúbico, entre $8 y $15 por cm³.</p>
<p>Casi todos aplican un pedido mínimo, normalmente de $200 a $300, y cobran el diseño aparte: una hora de modelado CAD cuesta entre $350 y $600.</p>
<h2>¿Y si compro mi propia impresora?</h2>
<p>Una impresora de entrada como la Creality Ender-3 V3 SE se consigue en alrededor de $4,599 en Mercado Libre, mientras que una Bambu Lab A1 mini ronda los $6,999 y la P1S con AMS supera los $17,000. El kilo de PLA nacional cuesta entre $350 y $450; el importado de marcas como Polymaker o eSun, entre $420 y $600.</p>
<table class="table"><caption>Precios promedio encontrados (febrero 2024, IVA incluido)</caption><thead><tr><th>Concepto</th><th>Mínimo</th><th>Máximo</th></tr></thead><tbody>
<tr><td>Impresión FDM PLA (por gramo)</td><td>$2.00</td><td>$4.00</td></tr>
<tr><td>Impresión SLA (por cm³)</td><td>$8.00</td><td>$15.00</td></tr>
<tr><td>Hora de diseño CAD</td><td>$350.00</td><td>$600.00</td></tr>
<tr><td>Filamento PLA 1 kg</td><td>$350.00</td><td>$600.00</td></tr>
</tbody></table>
<h2>¿Cuándo conviene cada opción?</h2>
<p>Con estos números, una pieza de 150 g en PLA sale en unos $450 por servicio. Si imprimes más de 10 kg al año (unas 65 piezas así), la impresora propia se paga sola en menos de 12 meses, contando luz (unos $0.35 por hora de impresión) y refacciones.</p>
<blockquote>“Los precios bajaron casi 20 % respecto a 2022 por la competencia de talleres pequeños”, nos dijo el dueño de un taller en Puebla.</blockquote>
<p>En resumen: para piezas sueltas, manda a imprimir; para prototipado frecuente, compra. Y siempre pide cotización a dos o tres talleres: encontramos diferencias de hasta 100 % por la misma pieza.</p>
</div>
<footer class="post__footer"><p>Etiquetas: <a href="/blog/etiqueta/precios">precios</a>, <a href="/blog/etiqueta/impresion-3d">impresión 3D</a>, <a href="/blog/etiqueta/mexico">México</a></p></footer>
<section class="comments"><h2 class="h4">42 comentarios</h2>${repeat(5, (i) => `<div class="comment border-bottom py-2"><strong>${esc(['Rodrigo', 'Ale', 'Mónica', 'Iván', 'Paty'][i] ?? '')}</strong> <time class="text-muted small">${10 + i}/04/2024</time><p>${esc(['En Querétaro me cobraron $3.50 por gramo en PETG.', 'Muy útil la tabla, gracias.', '¿Incluye IVA el precio de la A1 mini?', 'Yo compré la Ender en $4,299 en el Buen Fin.', 'Falta mencionar el costo de las boquillas.'][i] ?? '')}</p></div>`).join('')}</section>
</article>
<aside class="container"><h2 class="h5">Artículos relacionados</h2><ul><li><a href="/blog/pla-vs-petg">PLA vs PETG: ¿cuál elegir?</a></li><li><a href="/blog/mejores-impresoras-3d-2024">Las mejores impresoras 3D de 2024</a></li><li><a href="/blog/como-cotizar-impresion-3d">Cómo cotizar una impresión 3D</a></li></ul></aside>`;
      const html = customShell(r, {
        site: s,
        url,
        title: '¿Cuánto cuesta imprimir en 3D en México en 2024? | Maker Mexicano',
        description: 'Comparamos precios de impresión 3D por gramo, impresoras y filamento en México.',
        main,
        generator: 'Ghost 5.79',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: '¿Cuánto cuesta imprimir en 3D en México en 2024?',
            datePublished: '2024-03-18',
            author: { '@type': 'Person', name: 'Daniela Ortega' },
            publisher: { '@type': 'Organization', name: s.name },
          },
        ],
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'MX',
          lang: 'es',
          page_kind: 'article',
          main: null,
          max_offers: 0,
          offers: [],
          tests:
            'market article (BlogPosting): prices quoted in prose and in a comparison table ("$2 a $4 por gramo", "alrededor de $4,599", "$6,999", min/max columns) and in comments — none is an offer of this page; counts and percentages (27 talleres, 20 %, 42 comentarios) nearby',
        },
        html,
        mustContain: ['alrededor de $4,599'],
      };
    },

    () => {
      const file = 'custom-undecidable-laser-product.html';
      const r = rng(file);
      const s = site({
        name: 'CorteLáser Pro',
        domain: 'www.corteslaserpro.com',
        htmlLang: 'es',
        country: '',
        cur: CUR.MXN,
        currencyHints: false,
        phone: 'Tel. 4455 2200',
        email: 'pedidos@corteslaserpro.com',
        address: ['Showroom y taller', 'Lunes a viernes de 9:00 a 18:00'],
        announcement: 'Envío gratis en compras mayores a $999',
        payments: ['Visa', 'Mastercard', 'PayPal'],
      });
      const url = 'https://www.corteslaserpro.com/producto/letrero-mdf-personalizado-60cm';
      const p = makeProduct(r, s, {
        title: 'Letrero de MDF personalizado cortado con láser (60 cm)',
        brand: 'CorteLáser Pro',
        type: 'Letreros',
        breadcrumbs: ['Letreros'],
        variants: [{ title: '60 cm', price: 1250, sku: 'LSR-LET-60', id: 1 }],
        descriptionHtml: `<p>Letrero con tu nombre, logo o frase, cortado en MDF de 6 mm y pintado en el color que elijas. Ideal para negocios, eventos y decoración.</p><p>Tiempo de producción: 3 a 5 días hábiles.</p>`,
        specs: [
          ['Material', 'MDF 6 mm'],
          ['Ancho', '60 cm'],
          ['Peso', '1.2 kg'],
          ['Acabado', 'Pintura acrílica'],
        ],
        rating: 4.8,
        reviewCount: 31,
      });
      const fmt = (v: number): string => '$' + num(v, US2);
      const priceHtml = `<p class="price display-6 fw-bold">${fmt(1250)}</p><p class="small text-muted">Precio final. Pintura incluida.</p>`;
      const main = productMain({
        s,
        p,
        priceHtml,
        related: genCards(r, s, 8),
        relatedPrice: fmt,
        neutral: true,
        r,
      });
      const html = customShell(r, {
        site: s,
        url,
        title: p.title,
        description: 'Letreros de MDF cortados con láser.',
        main,
        generator: 'WordPress 6.4.2',
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: null,
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'UNDECIDABLE currency: .com domain, lang="es" with no region, bare "$1,250.00", no structured data, phone without country code, address without country, no local payment methods — a human cannot tell USD from MXN or any other peso (truth currency null)',
        },
        html,
        mustContain: ['$1,250.00'],
      };
    },

    () => {
      const file = 'custom-undecidable-filament-product.html';
      const r = rng(file);
      const s = site({
        name: 'Filamentos Casa',
        domain: 'www.filamentoscasa.com',
        htmlLang: '',
        country: '',
        cur: CUR.COP,
        currencyHints: false,
        phone: 'Tel. 5544 3322',
        email: 'ventas@filamentoscasa.com',
        address: ['Bodega principal', 'Atención con cita previa'],
        announcement: 'Envío gratis por compras superiores a $ 150.000',
        payments: ['Visa', 'Mastercard', 'PayPal'],
      });
      const url = 'https://www.filamentoscasa.com/productos/filamento-pla-1kg-rojo';
      const p = makeProduct(r, s, {
        title: 'Filamento PLA 1 kg 1.75 mm Rojo',
        brand: 'Filamentos Casa',
        type: 'Filamentos',
        breadcrumbs: ['Filamentos'],
        variants: [{ title: 'Rojo', price: 45900, sku: 'FC-PLA-RJ', id: 1 }],
        descriptionHtml: `<p>PLA de alta pureza con tolerancia de ± 0.02 mm. Carrete de 1 kg con bobinado ordenado.</p>`,
        specs: [
          ['Peso', '1 kg'],
          ['Diámetro', '1.75 mm'],
          ['Temperatura', '200 °C'],
        ],
        rating: 4.6,
        reviewCount: 19,
      });
      const fmt = (v: number): string => '$ ' + num(v, EU0);
      const priceHtml = `<p class="price"><span class="price-current">${fmt(45900)}</span></p>`;
      const main = productMain({
        s,
        p,
        priceHtml,
        related: genCards(r, s, 8),
        relatedPrice: fmt,
        neutral: true,
        r,
      });
      const html = customShell(r, { site: s, url, title: p.title, description: 'Filamento PLA 1 kg.', main });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: null,
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'UNDECIDABLE currency: .com, no lang attribute, Spanish text, "$ 45.900" with dot thousands (fits COP, CLP, ARS, UYU…), no structured data, no country anywhere (truth: 45900, currency null; the number is still 45900, not 45.9)',
        },
        html,
        mustContain: ['<span class="price-current">$ 45.900</span>'],
      };
    },

    () => {
      const file = 'custom-undecidable-services-list.html';
      const r = rng(file);
      const s = site({
        name: 'Impresión 3D Express',
        domain: 'www.impresion3dexpress.com',
        htmlLang: 'es',
        country: '',
        cur: CUR.MXN,
        currencyHints: false,
        phone: 'Tel. 2233 4455',
        email: 'cotiza@impresion3dexpress.com',
        address: ['Taller central', 'Horario: 9 a 18 h'],
        announcement: 'Cotizaciones sin costo',
        payments: ['Visa', 'Mastercard', 'PayPal'],
      });
      const url = 'https://www.impresion3dexpress.com/precios';
      const items = [
        { name: 'Impresión en PLA (por gramo)', price: 3 },
        { name: 'Impresión en PETG (por gramo)', price: 3.5 },
        { name: 'Impresión en resina (por cm³)', price: 12 },
        { name: 'Diseño 3D (desde)', price: 500 },
        { name: 'Pintado y acabado (por pieza, desde)', price: 150 },
      ];
      const main = `<section class="container py-5"><h1>Precios</h1><p>Precios finales, sin cargos ocultos.</p>
<ul class="list-group prices">${items.map((it) => `<li class="list-group-item d-flex justify-content-between"><span>${esc(it.name)}</span><span class="fw-bold">$${num(it.price, US2)}</span></li>`).join('\n')}</ul>
<p class="mt-3 small">Tiempo de entrega: 2 a 4 días hábiles. Piezas de hasta 30 x 30 x 30 cm.</p>${neutralReviews(r, 4)}</section>`;
      const html = customShell(r, {
        site: s,
        url,
        title: 'Precios | Impresión 3D Express',
        description: 'Impresión 3D por gramo.',
        main,
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: null,
          lang: 'es',
          page_kind: 'list',
          ...listTruth(s, items),
          tests:
            'UNDECIDABLE currency on a list page: .com, lang="es", bare "$3.00 … $500.00", no structured data and no country signal; truth lists the five prices with currency null ("desde" items are range floors)',
        },
        html,
        mustContain: items.map((it) => `$${num(it.price, US2)}`),
      };
    },

    () => {
      const file = 'custom-usd-label-price-cr.html';
      const r = rng(file);
      const s = site({
        name: 'DITECSA Distribuidora Tecnológica',
        domain: 'www.ditecsa.com',
        htmlLang: 'es',
        country: 'CR',
        cur: CUR.USD,
        phone: '+506 2290 1122',
        address: ['Zona Industrial de Pavas, de la Embajada Americana 400 m oeste', 'San José, Costa Rica'],
        announcement: 'Precios en dólares · Tipo de cambio BCCR del día',
        payments: ['Visa', 'Mastercard', 'SINPE', 'Transferencia'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.ditecsa.com/catalogo/modulo-laser-10w-atomstack';
      const p = makeProduct(r, s, {
        title: 'Módulo láser 10 W Atomstack (repuesto)',
        brand: 'Atomstack',
        type: 'Láser',
        breadcrumbs: ['Láser', 'Repuestos'],
        variants: [{ title: '10 W', price: 45, sku: 'DT-ATM-10W', id: 1 }],
        descriptionHtml: `<p>Módulo láser de diodo 10 W óptico para grabadoras Atomstack A5/X7/S10. Incluye cable y lente de repuesto.</p>`,
        specs: [
          ['Potencia óptica', '10 W'],
          ['Longitud de onda', '455 nm'],
          ['Voltaje', '12 V'],
          ['Peso', '350 g'],
        ],
        rating: 4.3,
        reviewCount: 9,
        reviewsShown: 4,
      });
      const priceHtml = `<dl class="row price-fields"><dt class="col-4">Precio</dt><dd class="col-8"><span class="price-field">USD: 45.00</span></dd><dt class="col-4">Aprox.</dt><dd class="col-8 text-muted">₡23.400 (TC 520)</dd><dt class="col-4">Existencias</dt><dd class="col-8">12</dd></dl>`;
      const main = productMain({
        s,
        p,
        priceHtml,
        related: genCards(r, s, 6),
        relatedPrice: (v) => `USD: ${num(v, US2)}`,
        r,
      });
      const html = customShell(r, { site: s, url, title: p.title, description: 'Módulo láser 10 W.', main });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'CR',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'price field written "USD: 45.00" (code before a colon, no symbol) on a Costa Rican distributor\'s .com; an approximate colón conversion "₡23.400 (TC 520)" follows (not an offer); stock "12" in the next field; cards also "USD: …"',
        },
        html,
        mustContain: ['<span class="price-field">USD: 45.00</span>'],
      };
    },

    () => {
      const file = 'custom-product-pab.html';
      const r = rng(file);
      const s = site({
        name: 'Panamá Maker Store',
        domain: 'www.panamamaker.com.pa',
        htmlLang: 'es-PA',
        country: 'PA',
        cur: CUR.PAB,
        phone: '+507 263 4455',
        whatsapp: '+507 6677 8899',
        address: ['Vía España, Edificio Plaza Regency, Local 3', 'Ciudad de Panamá, Panamá'],
        announcement: 'Entrega gratis en la Ciudad de Panamá en compras mayores a B/. 75.00',
        payments: ['Visa', 'Mastercard', 'Yappy', 'ACH'],
        dateStyle: 'dmy-slash',
      });
      const url = 'https://www.panamamaker.com.pa/tienda/kit-boquillas-acero-endurecido';
      const p = makeProduct(r, s, {
        title: 'Kit de boquillas de acero endurecido (0.4 / 0.6 mm)',
        brand: 'Micro Swiss',
        type: 'Repuestos',
        breadcrumbs: ['Repuestos', 'Boquillas'],
        variants: [{ title: 'Kit', price: 25, compare: 29.5, sku: 'PMS-HSN-KIT', id: 1 }],
        descriptionHtml: `<p>Boquillas resistentes a la abrasión para filamentos con fibra de carbono o vidrio. Rosca M6.</p><p>ITBMS incluido.</p>`,
        specs: [
          ['Rosca', 'M6'],
          ['Diámetros', '0.4 mm y 0.6 mm'],
          ['Temperatura máxima', '450 °C'],
        ],
        rating: 4.7,
        reviewCount: 13,
        reviewsShown: 5,
      });
      const priceHtml = `<p class="price"><del class="text-muted">${CUR.PAB.fmt(29.5)}</del> <ins class="h2 text-decoration-none">${CUR.PAB.fmt(25)}</ins></p><p class="small">ITBMS incluido</p>`;
      const main = productMain({ s, p, priceHtml, related: genCards(r, s, 8), relatedPrice: CUR.PAB.fmt, r });
      const html = customShell(r, {
        site: s,
        url,
        title: p.title,
        description: 'Kit de boquillas de acero endurecido.',
        main,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: p.title,
            offers: {
              '@type': 'Offer',
              price: '25.00',
              priceCurrency: 'PAB',
              availability: 'https://schema.org/InStock',
            },
          },
        ],
      });
      return {
        entry: {
          file,
          url,
          platform: 'custom',
          country: 'PA',
          lang: 'es',
          page_kind: 'product',
          ...productTruth(s, p),
          tests:
            'Panamanian balboa "B/. 25.00" on sale from "B/. 29.50" (.com.pa, es-PA, JSON-LD PAB); delivery threshold "B/. 75.00"; 8 related cards in B/.',
        },
        html,
        mustContain: ['<ins class="h2 text-decoration-none">B/. 25.00</ins>'],
      };
    },
  ];
}
