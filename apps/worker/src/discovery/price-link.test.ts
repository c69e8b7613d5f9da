import { describe, expect, it } from 'vitest';
import { fixture } from './fake-fetch-text.ts';
import { findPriceLink } from './price-link.ts';

const page = (links: string) => `<html><body><nav>${links}</nav></body></html>`;

describe('findPriceLink', () => {
  it('prefers the price list over the shop on a real home page', () => {
    expect(findPriceLink(fixture('home-bureau-es.html'), 'https://prototipa3d.com.mx/')).toBe(
      'https://prototipa3d.com.mx/lista-de-precios',
    );
    expect(findPriceLink(fixture('home-laser-en.html'), 'https://brightbeam.com/')).toBe(
      'https://brightbeam.com/pricing',
    );
  });

  it.each([
    ['<a href="/tienda">Tienda</a> <a href="/tarifas">Tarifas</a>', 'https://a.mx/tarifas'],
    ['<a href="/tienda">Tienda</a> <a href="/contacto">Cotizar</a>', 'https://a.mx/contacto'],
    ['<a href="/servicios/">Servicios</a> <a href="/tienda/#top">Nuestra tienda</a>', 'https://a.mx/tienda/'],
    ['<a href="https://www.a.mx/precios">Ver</a>', 'https://www.a.mx/precios'],
  ])('in %s finds %s', (links, expected) => {
    expect(findPriceLink(page(links), 'https://a.mx/')).toBe(expected);
  });

  it('ignores other sites, fragments and the home page itself', () => {
    const links =
      '<a href="https://listado.mercadolibre.com.mx/precios">Precios</a> <a href="#precios">Precios</a> <a href="/">Tienda</a>';
    expect(findPriceLink(page(links), 'https://a.mx/')).toBeNull();
  });
});
