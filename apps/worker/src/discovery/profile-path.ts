import { foldText } from './fabrication-vocabulary.ts';
import { decodePath } from './site-url.ts';

/** A directory's listing segments: /proveedores/<slug>, /vendors/<slug>, /miembros/<slug>… */
const PROFILE_SEGMENT =
  /\/(?:proveedor(?:es)?|vendors?|suppliers?|empresas?|negocios?|compan(?:y|ies)|listings?|listados?|perfil(?:es)?|profiles?|miembros?|members?|socios?|directorio|directory|fabricantes?|talleres?)\/[^/]+/;
const FAB_SLUGS = [
  'impresion-3d',
  '3d-printing',
  'corte-laser',
  'laser-cutting',
  'maquinado',
  'cnc',
  'fablab',
];

const slug = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rule for a sitemap's own-site URLs, with its patterns compiled once (a sitemap may list
 * 50,000 URLs): a page is read as a vendor profile when its path has a listing segment followed by
 * a slug (/proveedores/impresiones-gdl), or contains a keyword or a fabrication word as a slug
 * (/directorio/impresion-3d-guadalajara, /3d-printing/acme). Profile pages are then read for their
 * links to the vendor's own site. Other own-site pages (about, blog, terms) are skipped.
 */
export function profilePathMatcher(keywords: readonly string[]): (url: string) => boolean {
  const slugs = [...new Set([...keywords.map(slug), ...FAB_SLUGS].filter(Boolean))];
  const bySlug = new RegExp(`(?:^|[/_-])(?:${slugs.map(escape).join('|')})(?:$|[/_.-])`);
  return (url) => {
    const path = foldText(decodePath(new URL(url).pathname));
    return PROFILE_SEGMENT.test(path) || bySlug.test(path);
  };
}

export function isProfilePath(url: string, keywords: readonly string[]): boolean {
  return profilePathMatcher(keywords)(url);
}
