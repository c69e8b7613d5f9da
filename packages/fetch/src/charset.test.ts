import { describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  charsetFromMeta,
  decodeBody,
  detectCharset,
  isTextualContentType,
} from './charset.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
// "Precio: 1 500 € ¿año?" in windows-1252: € is 0x80 there, unused in ISO-8859-1.
const cp1252 = Buffer.concat([latin1('Precio: 1 500 '), Buffer.from([0x80]), latin1(' ¿año? Peña é')]);

describe('charset detection', () => {
  it('reads the charset parameter of Content-Type, quoted or not, any case', () => {
    expect(charsetFromContentType('text/html; charset=ISO-8859-1')).toBe('windows-1252');
    expect(charsetFromContentType('text/html;charset="utf-8"')).toBe('utf-8');
    expect(charsetFromContentType('text/html; Charset=Windows-1252; foo=bar')).toBe('windows-1252');
    expect(charsetFromContentType('text/html')).toBeNull();
    expect(charsetFromContentType('text/html; charset=klingon')).toBeNull();
    expect(charsetFromContentType(null)).toBeNull();
  });

  it('finds <meta charset> and <meta http-equiv> but not a commented-out one', () => {
    expect(charsetFromMeta(latin1('<html><head><meta charset="iso-8859-1">'))).toBe('windows-1252');
    expect(
      charsetFromMeta(latin1('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252">')),
    ).toBe('windows-1252');
    expect(charsetFromMeta(latin1('<!-- <meta charset="iso-8859-1"> --><meta charset=utf-8>'))).toBe('utf-8');
    expect(charsetFromMeta(latin1('<meta charset="utf-16">'))).toBe('utf-8');
    expect(charsetFromMeta(latin1(`${' '.repeat(5000)}<meta charset="iso-8859-1">`))).toBeNull();
  });

  it('lets a byte-order mark win over a wrong header', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('año €', 'utf8')]);
    const decoded = decodeBody(bytes, 'text/html; charset=iso-8859-1');
    expect(decoded).toEqual({ charset: 'utf-8', text: 'año €' });
  });

  it('decodes UTF-16 with a BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('¿Qué?', 'utf16le')]);
    expect(decodeBody(bytes, 'text/plain')).toEqual({ charset: 'utf-16le', text: '¿Qué?' });
  });

  it('decodes windows-1252 named in the header (€, ¿, ñ, é)', () => {
    expect(decodeBody(cp1252, 'text/html; charset=windows-1252').text).toBe('Precio: 1 500 € ¿año? Peña é');
  });

  it('decodes every windows-1252 high byte the WHATWG way, which Node 20 gets wrong', () => {
    const bytes = Buffer.from([0x80, 0x93, 0x94, 0x99, 0x9f, 0x81, 0xe9]);
    expect(decodeBody(bytes, 'text/plain; charset=windows-1252').text).toBe('€“”™Ÿ\u0081é');
  });

  it('decodes ISO-8859-1 named in a meta tag', () => {
    const page = latin1('<meta charset="ISO-8859-1"><p>Diseño y corte láser</p>');
    expect(decodeBody(page, 'text/html').text).toContain('Diseño y corte láser');
  });

  it('falls back to windows-1252 only when undeclared bytes are not UTF-8', () => {
    expect(detectCharset(Buffer.from('año', 'utf8'), 'text/html')).toBe('utf-8');
    expect(detectCharset(latin1('año'), 'text/html')).toBe('windows-1252');
    expect(decodeBody(latin1('año'), null).text).toBe('año');
  });

  it('keeps a declared UTF-8 even when bytes are broken (replacement characters)', () => {
    expect(decodeBody(latin1('año'), 'text/html; charset=utf-8').text).toBe('a\uFFFDo');
  });

  it('tells textual content types from binary ones', () => {
    expect(isTextualContentType('text/html; charset=utf-8')).toBe(true);
    expect(isTextualContentType('application/ld+json')).toBe(true);
    expect(isTextualContentType('application/xhtml+xml')).toBe(true);
    expect(isTextualContentType(null)).toBe(true);
    expect(isTextualContentType('image/png')).toBe(false);
    expect(isTextualContentType('application/pdf')).toBe(false);
  });
});
