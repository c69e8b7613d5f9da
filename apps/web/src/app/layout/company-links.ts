import type { MessageKey } from '../../i18n/catalogue.ts';

/** The company's sites the footer links to (spec §1). A deployment that rebrands sets
 * VITE_COMPANY_SITE_URL at build time; the paths under it stay the same. */
const SITE = (import.meta.env.VITE_COMPANY_SITE_URL ?? 'https://preciofab.mx').replace(/\/+$/, '');

export type CompanyLink = { key: MessageKey; href: string };

export const COMPANY_LINKS: readonly CompanyLink[] = [
  { key: 'footer.links.site', href: `${SITE}/` },
  { key: 'footer.links.blog', href: `${SITE}/blog` },
  { key: 'footer.links.contact', href: `${SITE}/contacto` },
  { key: 'footer.links.privacy', href: `${SITE}/privacidad` },
];
