import { afterAll, describe, expect, it } from 'vitest';
import { createDiscoveryReader } from './discovery-reader.ts';

const page = (html: string, url = 'https://taller.mx/') => ({
  html,
  siteUrl: url,
  finalUrl: url,
  sameSite: true,
  evidence: '',
  keywords: [],
});

describe('the discovery reader', () => {
  const reader = createDiscoveryReader({ maxHeapMb: 96, pageTimeMs: 30_000 });
  afterAll(() => reader.close());

  it('fails the page that kills its thread (out of memory) and reads the one queued behind on a new one', async () => {
    const huge = `<title>Enorme</title>${'<div class="card"><p>Impresión 3D <a href="/precios">precios</a></p></div>'.repeat(150_000)}`;
    const [killed, next] = await Promise.allSettled([
      reader.homePage(page(huge)),
      reader.homePage(page('<title>Taller Dos</title><p>Corte láser en Puebla</p>')),
    ]);
    expect(killed).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({
        message: expect.stringMatching(/the discovery thread stopped: .*memory limit/),
      }),
    });
    expect(next).toMatchObject({ status: 'fulfilled', value: { title: 'Taller Dos' } });
  }, 60_000);
});
