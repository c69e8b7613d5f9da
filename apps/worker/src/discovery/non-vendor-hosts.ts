/**
 * Hosts that are never a fabrication vendor's own site: social networks, search engines and maps,
 * encyclopaedias, general marketplaces, link shorteners, job boards and page builders' own sites.
 * Links to them are everywhere on directory pages and in search results; a vendor's profile on one
 * of them is not its website. Matched as the host itself or any subdomain of it.
 */
const NON_VENDOR_HOSTS = [
  // Social networks and messaging.
  'facebook.com fb.com fb.me instagram.com twitter.com x.com t.co linkedin.com',
  'youtube.com youtu.be tiktok.com pinterest.com pinterest.com.mx reddit.com',
  'whatsapp.com wa.me telegram.org t.me threads.net snapchat.com vimeo.com',
  'discord.com discord.gg flickr.com tumblr.com medium.com linktr.ee',
  // Search engines, maps and their shorteners.
  'google.com google.com.mx google.es goo.gl g.page g.co googleusercontent.com',
  'googleapis.com gstatic.com bing.com duckduckgo.com yahoo.com yandex.ru baidu.com',
  'ecosia.org waze.com openstreetmap.org apple.com',
  // Reference and news aggregators.
  'wikipedia.org wikimedia.org wikidata.org archive.org',
  // General marketplaces (their pages are listings, not a vendor's site).
  'mercadolibre.com mercadolibre.com.mx mercadolibre.com.ar mercadolibre.com.co',
  'mercadolibre.cl mercadolivre.com.br amazon.com amazon.com.mx amazon.es ebay.com',
  'aliexpress.com alibaba.com temu.com shein.com etsy.com walmart.com.mx',
  'walmart.com linio.com.mx coppel.com',
  // Directories, reviews and job boards.
  'yelp.com tripadvisor.com tripadvisor.com.mx foursquare.com seccionamarilla.com.mx',
  'indeed.com occ.com.mx computrabajo.com glassdoor.com glassdoor.com.mx',
  // Shorteners, platforms and infrastructure.
  'bit.ly tinyurl.com ow.ly buff.ly lnkd.in github.com gitlab.com w3.org',
  'schema.org cloudflare.com jsdelivr.net unpkg.com wordpress.org wix.com',
  'shopify.com paypal.com mailchimp.com gob.mx',
].flatMap((group) => group.split(' '));

const HOSTS = new Set(NON_VENDOR_HOSTS);
/** The big brands answer on many country domains (google.com.ar, amazon.de…): any of them. */
const BRAND_ANY_TLD =
  /(^|\.)(google|amazon|mercadolibre|mercadolivre|ebay|yahoo|bing|facebook|wikipedia)\.(com?\.)?[a-z]{2,3}$/;

/** Whether a host (lower-case, any www) is a known non-vendor host or a subdomain of one. */
export function isNonVendorHost(hostname: string): boolean {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  if (BRAND_ANY_TLD.test(host)) return true;
  for (;;) {
    if (HOSTS.has(host)) return true;
    const dot = host.indexOf('.');
    if (dot < 0) return false;
    host = host.slice(dot + 1);
  }
}
