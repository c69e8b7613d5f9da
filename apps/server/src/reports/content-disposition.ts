/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987), so
 * every browser saves "Precios de impresión…" with its accents, and old ones still get a name. */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .replace(/[;,]/g, ' ')
      .trim() || 'report';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
