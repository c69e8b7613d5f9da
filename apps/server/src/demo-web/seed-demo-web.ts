import type { Db } from '@preciofab/db/client';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { targetsRepository } from '@preciofab/db/repositories/targets.repository';
import { vendorsRepository } from '@preciofab/db/repositories/vendors.repository';
import { regionOf } from '@preciofab/shared/geo';
import { DEMO_SITES } from './demo-sites.ts';
import type { DemoWeb } from './demo-web.ts';

/** The demo web's tracked vendors with a crawl target each, and three discovery sources (search,
 * directory, sitemap) that find the others. Idempotent: run at every demo start, it only fixes the
 * addresses when the demo web's ports changed. */
export async function seedDemoWeb(db: Db, web: DemoWeb): Promise<void> {
  await db.transaction(async (tx) => {
    for (const site of DEMO_SITES.filter((s) => s.tracked)) {
      const origin = web.origins[site.slug]!;
      const existing = await tx.query<{ id: string }>('select id from vendors where name = $1', [site.name]);
      let vendorId = existing.rows[0]?.id;
      const country = site.country ?? { code: 'MX', name: 'Mexico' };
      const vendor = {
        name: site.name,
        type: site.type,
        website: `${origin}/`,
        website_domain: new URL(origin).host,
        location: `${site.city}, ${site.state}`,
        city: site.city,
        state: site.state,
        country: country.name,
        country_code: country.code,
        region: regionOf(site.city, country.code),
        capabilities: site.capabilities,
        contact_email: null,
        contact_phone: null,
        description: 'Sitio ficticio de la web de demostración, servido en 127.0.0.1.',
        trust_score: 0.75,
      };
      if (vendorId) await vendorsRepository.update(tx, vendorId, vendor);
      else vendorId = await vendorsRepository.insert(tx, vendor, null);

      const url = `${origin}${site.pricePath}`;
      const targets = await tx.query<{ id: string; url: string }>(
        'select id, url from crawl_targets where vendor_id = $1',
        [vendorId],
      );
      const write = {
        url,
        domain: new URL(origin).host,
        category: site.category,
        priority: 8,
        frequency_hours: 24,
        active: true,
      };
      if (targets.rows[0]) {
        if (targets.rows[0].url !== url) await targetsRepository.update(tx, targets.rows[0].id, write);
      } else {
        await targetsRepository.insert(tx, vendorId, write);
      }
    }

    const sources = [
      {
        name: 'Buscador de la web demo',
        type: 'search_engine',
        config: {
          search_query: 'impresión 3D',
          keywords: ['corte láser', 'maquinado CNC'],
          region: 'Mexico',
          language: 'es',
          api_endpoint: `${web.hub}/search`,
        },
      },
      {
        name: 'Directorio de la web demo',
        type: 'directory',
        config: { directory_url: `${web.hub}/directorio`, keywords: ['impresión 3D'] },
      },
      {
        name: 'Sitemap de la web demo',
        type: 'sitemap',
        config: { sitemap_url: `${web.hub}/sitemap.xml`, keywords: [] },
      },
    ];
    for (const s of sources) {
      const found = await tx.query<{ id: string }>('select id from discovery_sources where name = $1', [
        s.name,
      ]);
      const write = { name: s.name, config: s.config, schedule: '', active: true };
      if (found.rows[0]) await discoverySourcesRepository.update(tx, found.rows[0].id, write);
      else await discoverySourcesRepository.insert(tx, { ...write, type: s.type }, null);
    }
  });
}
