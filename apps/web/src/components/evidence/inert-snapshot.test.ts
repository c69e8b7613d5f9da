// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { inertSnapshot, renameInlineCode } from './inert-snapshot.ts';

// A vendor's page as captured: what runs, loads or styles it goes; what it says stays.
const PAGE = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=https://elsewhere.example/"><base href="https://taller.example/">
<title>Precios</title><link rel="stylesheet" href="/estilo.css"><style>body { color: red }</style>
<script>window.dataLayer = [];</script><script type="application/ld+json">{"@type":"Offer"}</script></head>
<body onload="init()"><h1 style="color: teal" title="3 > 2">Lista de precios</h1>
<img src="/logo.png" srcset="/logo@2x.png 2x" alt="Logotipo"><img src="data:image/png;base64,AAAA" alt="punto">
<table><tr><td>Impresión 3D FDM en PLA</td><td>$3.20 MXN</td></tr></table>
<a href="javascript:cotizar()" onclick='cotizar()'>Cotizar</a> <a href="https://taller.example/contacto">Contacto</a>
<a href="#tabla">Tabla</a> <iframe src="https://ads.example/"></iframe><object data="/x.swf"></object>
<form action="javascript:void(0)"><button formaction="javascript:x()">Enviar</button></form>
<svg><style>.a { fill: red }</style><use href="https://cdn.example/icons.svg#carrito"/><use href="#local"/></svg>
<noscript>Activa JavaScript</noscript><template><p onclick="x()" style="color: red">plantilla</p><script>1</script></template>
<script src="/analitica.js"></script></body></html>`;

describe('inertSnapshot', () => {
  const out = inertSnapshot(PAGE);
  const doc = new DOMParser().parseFromString(out, 'text/html');

  it('keeps what the page says, and its links', () => {
    expect(doc.title).toBe('Precios');
    expect(doc.querySelector('h1')?.textContent).toBe('Lista de precios');
    expect(doc.querySelector('h1')?.getAttribute('title')).toBe('3 > 2');
    expect(doc.querySelector('td')?.textContent).toBe('Impresión 3D FDM en PLA');
    expect(doc.querySelector('img[alt="Logotipo"]')).not.toBeNull();
    expect(doc.querySelector('img[alt="punto"]')?.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(doc.querySelector('a[href="https://taller.example/contacto"]')?.textContent).toBe('Contacto');
    expect(doc.querySelector('a[href="#tabla"]')).not.toBeNull();
    expect(doc.querySelector('svg use[href="#local"]')).not.toBeNull();
    expect(doc.querySelector('template')?.content.querySelector('p')?.textContent).toBe('plantilla');
    expect(out.startsWith('<!doctype html>')).toBe(true);
  });

  it('leaves nothing that runs, loads, navigates or styles', () => {
    for (const selector of ['script', 'style', 'link', 'base', 'meta[http-equiv]', 'iframe', 'object']) {
      expect(doc.querySelectorAll(selector), selector).toHaveLength(0);
    }
    const all = [
      ...doc.querySelectorAll('*'),
      ...doc.querySelector('template')!.content.querySelectorAll('*'),
    ];
    const attributes = all.flatMap((el) => [...el.attributes].map((a) => `${a.name}=${a.value}`));
    expect(attributes.filter((a) => /^(on|style=|data-inert)/i.test(a))).toEqual([]);
    expect(attributes.filter((a) => /javascript:/i.test(a))).toEqual([]);
    expect(attributes.filter((a) => /^(src|srcset)=(?!data:image)/.test(a))).toEqual([]);
    expect(attributes.filter((a) => /cdn\.example|ads\.example|elsewhere\.example/.test(a))).toEqual([]);
    expect(doc.querySelector('template')!.content.querySelector('script')).toBeNull();
  });
});

describe('renameInlineCode', () => {
  it('renames inline handlers and styles in tags only, reading quoted values whole', () => {
    expect(
      renameInlineCode(`<p title="a > b" onclick='x("<i>")' STYLE=color:red>on style= <b onmouseover=y>`),
    ).toBe(
      `<p title="a > b" data-inert-onclick='x("<i>")' data-inert-STYLE=color:red>on style= <b data-inert-onmouseover=y>`,
    );
    expect(renameInlineCode('<style media="print">p{}</style><Style>q{}</STYLE>')).toBe(
      '<template data-inert-style media="print">p{}</template><template data-inert-style>q{}</template>',
    );
  });

  it('leaves what is not a tag, and ends on an unfinished one', () => {
    expect(renameInlineCode('3 < 4 and <!-- x --> <')).toBe('3 < 4 and <!-- x --> <');
    expect(renameInlineCode('<a onclick="never closed')).toBe('<a data-inert-onclick="never closed');
  });

  it('takes time in proportion to the page, whatever it holds', () => {
    const hostile = `<a ${'x'.repeat(200_000)} ${'"'.repeat(1)}${' '.repeat(200_000)}<b ${'='.repeat(200_000)}`;
    const started = performance.now();
    renameInlineCode(hostile.repeat(5));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
