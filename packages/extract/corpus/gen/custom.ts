/**
 * Hand-built (non-platform) sites: small fabrication vendors' static or framework sites with
 * their own markup — tariff tables, quote calculators, blogs, plain product pages.
 */
import { type Rng, esc, css, vendorJs, jsonInline } from './lib.ts';
import { type Site, gtm } from './parts.ts';
import { siteHeader, siteFooter } from './chrome.ts';

export type ShellInput = {
  site: Site;
  url: string;
  title: string;
  description: string;
  main: string;
  headExtra?: string;
  jsonLd?: unknown[];
  cssKb?: number;
  jsKb?: number;
  bodyClass?: string;
  cartTotal?: string;
  generator?: string;
};

export function customShell(r: Rng, o: ShellInput): string {
  const s = o.site;
  const g = gtm(`GTM-${r.int(100000, 999999).toString(36).toUpperCase()}`);
  return `<!DOCTYPE html>
<html${s.htmlLang ? ` lang="${s.htmlLang}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<title>${esc(o.title)}</title>
<meta name="description" content="${esc(o.description)}">
<link rel="canonical" href="${o.url}">
${o.generator ? `<meta name="generator" content="${esc(o.generator)}">` : ''}
<meta property="og:title" content="${esc(o.title)}">
<meta property="og:description" content="${esc(o.description)}">
<meta property="og:url" content="${o.url}">
<meta property="og:image" content="https://${s.domain}/assets/img/og-cover.jpg">
<link rel="preconnect" href="https://fonts.googleapis.com"><link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>
<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;600;800&display=swap" rel="stylesheet">
<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/css/bootstrap.min.css" integrity="sha384-T3c6CoIi6uLrA9TneNEoa7RxnatzjcDSCmG1MXxSR1GAsXEV/Dwwykc2MPK8M2HN" crossorigin="anonymous">
<style>
${css(r, o.cssKb ?? 25, 'site-')}
</style>
${o.headExtra ?? ''}
${(o.jsonLd ?? []).map((j) => `<script type="application/ld+json">${jsonInline(j)}</script>`).join('\n')}
${g.head}
</head>
<body class="${o.bodyClass ?? ''}">
${g.body}
${siteHeader(s, r, { cls: 'site', cartTotal: o.cartTotal ?? '', menuBase: '/', depth3: 3 })}
<main id="main" class="site-main">
${o.main}
</main>
${siteFooter(s, r, { cls: 'site' })}
<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/js/bootstrap.bundle.min.js" crossorigin="anonymous"></script>
<script>${vendorJs(r, o.jsKb ?? 30, 'app')}</script>
</body>
</html>
`;
}
