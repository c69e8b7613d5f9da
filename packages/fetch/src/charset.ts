/**
 * Turning response bytes into text. Many Mexican vendor sites are old PHP or WordPress installs
 * served as ISO-8859-1 or windows-1252, so "assume UTF-8" would garble every ñ and €.
 * Order: byte-order mark, Content-Type charset, <meta> in the first bytes, then UTF-8 if the
 * bytes are valid UTF-8, else windows-1252. The BOM comes first because that is what the WHATWG
 * Encoding standard (and every browser) does: a BOM is never wrong, a header often is.
 */
const META_SCAN_BYTES = 4096;

/** The WHATWG name for a charset label ("latin1" → "windows-1252"), or null if unknown. */
export function normaliseCharset(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = contentType?.match(/;\s*charset\s*=\s*("?)([^";,\s]+)\1/i);
  return match?.[2] === undefined ? null : normaliseCharset(match[2]);
}

export function charsetFromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** `<meta charset="…">` or `<meta http-equiv="Content-Type" content="…; charset=…">`. */
export function charsetFromMeta(bytes: Uint8Array): string | null {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, META_SCAN_BYTES));
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  const match = withoutComments.match(/<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i);
  const charset = match?.[1] === undefined ? null : normaliseCharset(match[1]);
  // A page whose <meta> we could read as ASCII is not UTF-16, whatever it claims (HTML spec).
  return charset?.startsWith('utf-16') ? 'utf-8' : charset;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectCharset(bytes: Uint8Array, contentType: string | null): string {
  return (
    charsetFromBom(bytes) ??
    charsetFromContentType(contentType) ??
    charsetFromMeta(bytes) ??
    (isValidUtf8(bytes) ? 'utf-8' : 'windows-1252')
  );
}

/** Types whose body is text worth decoding; binary bodies (images, PDFs) keep only bytes. */
export function isTextualContentType(contentType: string | null): boolean {
  if (contentType === null) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === '' ||
    type.startsWith('text/') ||
    /^application\/(xhtml\+xml|xml|json|ld\+json|javascript|ecmascript|x-javascript)$/.test(type) ||
    /\+(xml|json)$/.test(type)
  );
}

// Node 20's TextDecoder('windows-1252') decodes 0x80–0x9F as C1 controls (as ISO-8859-1 would),
// so "€" (0x80) and curly quotes come out wrong; this table is the WHATWG windows-1252 index.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? (CP1252_HIGH[b - 0x80] ?? b) : b,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

export function decodeBody(bytes: Uint8Array, contentType: string | null): { charset: string; text: string } {
  const charset = detectCharset(bytes, contentType);
  if (charset === 'windows-1252') return { charset, text: decodeWindows1252(bytes) };
  // TextDecoder strips a BOM that matches the encoding, so it never shows up in the text.
  return { charset, text: new TextDecoder(charset).decode(bytes) };
}
