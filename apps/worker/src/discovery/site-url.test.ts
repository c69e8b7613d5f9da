import { describe, expect, it } from 'vitest';
import { isNonVendorHost } from './non-vendor-hosts.ts';
import { siteOf, urlsInText } from './site-url.ts';

describe('siteOf', () => {
  it('reduces a page URL to its home page, dropping path, tracking query and fragment', () => {
    expect(siteOf('https://www.Prototipa3D.com.mx/servicios?utm_source=x&gclid=1#top')).toEqual({
      url: 'https://www.prototipa3d.com.mx/',
      key: 'prototipa3d.com.mx',
      hostname: 'www.prototipa3d.com.mx',
    });
  });

  it('gives www and bare hosts, and different paths, the same key', () => {
    const keys = ['https://www.a.mx/x', 'http://a.mx/?ref=y', 'https://A.MX./'].map((u) => siteOf(u)?.key);
    expect(new Set(keys)).toEqual(new Set(['a.mx']));
  });

  it('keeps a non-default port in the key and resolves relative links against a base', () => {
    expect(siteOf('/x', 'http://127.0.0.1:8081/dir')?.key).toBe('127.0.0.1:8081');
    expect(siteOf('http://localhost:9000/a')?.url).toBe('http://localhost:9000/');
  });

  it.each([
    'mailto:a@b.mx',
    'tel:+5233',
    'javascript:void(0)',
    'ftp://files.a.mx/',
    'not a url',
    'http://intranet/',
  ])('rejects %s', (raw) => {
    expect(siteOf(raw)).toBeNull();
  });
});

describe('urlsInText', () => {
  it('finds full links and bare www hosts, without trailing punctuation', () => {
    expect(
      urlsInText('Cotiza en (https://routermx.com.mx). Tienda: www.filamentos.mx/tienda, gracias'),
    ).toEqual(['https://routermx.com.mx', 'https://www.filamentos.mx/tienda']);
  });
});

describe('isNonVendorHost', () => {
  it.each([
    ['maps.google.com', true],
    ['www.google.com.ar', true],
    ['es.wikipedia.org', true],
    ['m.facebook.com', true],
    ['listado.mercadolibre.com.mx', true],
    ['wa.me', true],
    ['sat.gob.mx', true],
    ['prototipa3d.com.mx', false],
    ['notgoogle.com', false],
    ['facebookfan.mx', false],
  ])('%s → %s', (host, expected) => {
    expect(isNonVendorHost(host)).toBe(expected);
  });
});
