import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscoveryWeb, type DiscoveryWeb } from '@preciofab/worker/discovery/discovery-fixture-web';
import { waitFor } from '@preciofab/worker/testing/test-db';
import { createTestAppWithWorker, type TestAppWithWorker } from '../testing/test-app-with-worker.ts';

/** Discovery through the API, as the console drives it: an admin adds a source, an operator runs it
 * (a real worker runner, the real polite fetcher against fictional sites on 127.0.0.1), then
 * approves, rejects and marks candidates not relevant, and the next run respects those outcomes. */

const SOURCES = '/api/v1/discovery/sources';
const CANDIDATES = '/api/v1/discovery/candidates';

type Candidate = {
  id: string;
  domain: string;
  title: string | null;
  vendor_type: string | null;
  city: string | null;
  state: string | null;
  capabilities: string[];
  price_url: string | null;
  status: string;
};
type Source = { id: string; status: string; total_discovered: number; total_approved: number };

let t: TestAppWithWorker;
let web: DiscoveryWeb;
let sourceId: string;

beforeAll(async () => {
  web = await startDiscoveryWeb();
  t = await createTestAppWithWorker();
});
afterAll(async () => {
  await t?.stopAll();
  await web?.close();
});

const operator = () => t.users.operator.token;
const pending = async (): Promise<Candidate[]> =>
  (await t.call('GET', CANDIDATES, { query: { limit: 200 } })).json().data;
const bySlug = async (slug: Parameters<DiscoveryWeb['domain']>[0]): Promise<Candidate> => {
  const c = (await pending()).find((x) => x.domain === web.domain(slug));
  if (!c) throw new Error(`no pending candidate for ${slug}`);
  return c;
};
const getSource = async (): Promise<Source> =>
  (await t.call('GET', SOURCES)).json().data.find((s: Source) => s.id === sourceId);

/** Run now, then wait until the job is done. */
async function runNow(): Promise<Source> {
  const res = await t.call('POST', `/api/v1/discovery/run/${sourceId}`, { token: operator() });
  expect(res.statusCode).toBe(202);
  const jobId = res.json().job_id as string;
  await waitFor(
    async () => {
      const job = await t.ctx.queue.get(jobId);
      return job?.state === 'completed' || job?.state === 'failed' ? job : undefined;
    },
    { timeoutMs: 20_000, what: 'the discovery run' },
  );
  return getSource();
}

describe('discovery through the API', () => {
  it('lets only an admin add a source', async () => {
    const body = {
      name: 'Asociación de fabricantes',
      type: 'association',
      config: { api_endpoint: `${web.hub.origin}/asociacion/miembros.json` },
      schedule: '',
    };
    expect((await t.call('POST', SOURCES, { token: operator(), body })).statusCode).toBe(403);
    const created = await t.call('POST', SOURCES, { token: t.users.admin.token, body });
    expect(created.statusCode).toBe(201);
    sourceId = created.json().id;
  });

  it('runs the source and lists its candidates with what approval will prefill', async () => {
    const source = await runNow();
    expect(source).toMatchObject({ status: 'idle', total_discovered: 4, total_approved: 0 });
    const domains = (await pending()).map((c) => c.domain).sort();
    expect(domains).toEqual(
      ['bureau', 'cnc', 'news', 'restaurant'].map((s) => web.domain(s as 'cnc')).sort(),
    );
    expect(await bySlug('bureau')).toMatchObject({
      title: 'Prototipa3D Guadalajara',
      vendor_type: 'bureau',
      city: 'Guadalajara',
      state: 'Jalisco',
      price_url: `${web.origins.bureau}/lista-de-precios`,
    });
  });

  it('approve: creates the prefilled vendor and a crawl target at its price page, in one go', async () => {
    const c = await bySlug('bureau');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, {
      token: operator(),
      query: { category: 'additive_manufacturing' },
    });
    expect(res.statusCode).toBe(200);
    const vendorId = res.json().vendor_id as string;
    const vendor = (await t.call('GET', `/api/v1/vendors/${vendorId}`)).json();
    expect(vendor).toMatchObject({
      name: 'Prototipa3D Guadalajara',
      type: 'bureau',
      website: web.origins.bureau,
      city: 'Guadalajara',
      state: 'Jalisco',
      location: 'Guadalajara, Jalisco',
      country: 'México',
    });
    expect(vendor.capabilities).toEqual(expect.arrayContaining(['fdm_printing', 'sla_printing']));

    const targets = (await t.call('GET', '/api/v1/targets', { query: { vendor_id: vendorId } })).json();
    expect(targets.data).toHaveLength(1);
    expect(targets.data[0]).toMatchObject({
      url: `${web.origins.bureau}/lista-de-precios`,
      category: 'additive_manufacturing',
      active: true,
    });
    expect(await getSource()).toMatchObject({ total_approved: 1 });
  });

  it('approve: a second site on the same IP is a second vendor (the port tells them apart)', async () => {
    const c = await bySlug('cnc');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, {
      token: operator(),
      query: { category: 'cnc_machining' },
    });
    expect(res.statusCode).toBe(200);
    const vendor = (await t.call('GET', `/api/v1/vendors/${res.json().vendor_id}`)).json();
    expect(vendor).toMatchObject({ name: 'Maquinados del Norte', city: 'Monterrey', state: 'Nuevo León' });
    const targets = (
      await t.call('GET', '/api/v1/targets', { query: { vendor_id: res.json().vendor_id } })
    ).json();
    expect(targets.data.map((x: { url: string; category: string }) => [x.url, x.category])).toEqual([
      [`${web.origins.cnc}/precios`, 'cnc_machining'],
    ]);
    expect(await getSource()).toMatchObject({ total_approved: 2 });
  });

  it('reject keeps the reason; not relevant excludes the domain', async () => {
    const restaurant = await bySlug('restaurant');
    const rejected = await t.call('POST', `${CANDIDATES}/${restaurant.id}/reject`, {
      token: operator(),
      query: { reason: 'Es un restaurante' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_reason: 'Es un restaurante' });
    const list = (await t.call('GET', CANDIDATES, { query: { status: 'rejected' } })).json();
    expect(list.data[0]).toMatchObject({ id: restaurant.id, decision_reason: 'Es un restaurante' });

    const news = await bySlug('news');
    const res = await t.call('POST', `${CANDIDATES}/${news.id}/not-relevant`, {
      token: operator(),
      query: { reason: 'Un periódico' },
    });
    expect(res.json()).toMatchObject({ status: 'not_relevant', decision_reason: 'Un periódico' });
    const excluded = await t.db.query<{ domain: string }>('select domain from excluded_domains');
    expect(excluded.rows.map((r) => r.domain)).toEqual([web.domain('news')]);
    expect(await pending()).toEqual([]);
  });

  it('the next run skips approved vendors and excluded domains, whatever became of the candidate rows', async () => {
    // Without the candidate rows, only the vendors and the exclusion list keep sites out: the
    // rejected restaurant may come back, the approved vendors and the newspaper may not.
    await t.db.exec('delete from discovery_candidates');
    const hits = web.sites.news.hits.length;
    const source = await runNow();
    expect((await pending()).map((c) => c.domain)).toEqual([web.domain('restaurant')]);
    expect(source).toMatchObject({ status: 'idle', total_discovered: 5, total_approved: 2 });
    // The excluded site is not even read.
    expect(web.sites.news.hits.length).toBe(hits);
  });
});
