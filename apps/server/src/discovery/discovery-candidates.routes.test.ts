import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCandidates } from '@preciofab/worker/jobs/discovery-collect';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let sourceId: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('POST', '/api/v1/discovery/sources', {
    body: { name: 'Buscador', type: 'search_engine', config: { search_query: 'impresión 3d cdmx' } },
  });
  sourceId = res.json().id;
  const added = await saveCandidates(t.db, sourceId, [
    {
      url: 'https://www.impresos3d.example.mx/servicios',
      title: 'Impresos 3D CDMX',
      description: 'Impresión FDM y SLA bajo pedido',
      confidence_score: 0.92,
      category_suggestions: ['additive_manufacturing', 'materials'],
    },
    { url: 'https://fresados.example.co/', title: null, confidence_score: 0.55, category_suggestions: [] },
    { url: 'https://laser-norte.example.mx/', title: 'Láser Norte', confidence_score: 0.81 },
    { url: 'https://spam.example.com/', title: 'Casino', confidence_score: 0.2 },
    { url: 'https://blog.example.mx/', title: 'Blog de makers', confidence_score: 0.6 },
    { url: 'https://ya-existe.example.mx/', title: 'Ya existe', confidence_score: 0.7 },
  ]);
  expect(added).toBe(6);
});
afterAll(() => t.close());

const CANDIDATES = '/api/v1/discovery/candidates';
const MISSING = '00000000-0000-4000-8000-000000000000';

type Candidate = {
  id: string;
  domain: string;
  title: string | null;
  confidence_score: number;
  [key: string]: unknown;
};
const byDomain = async (domain: string): Promise<Candidate> => {
  const all = (await t.call('GET', CANDIDATES, { query: { limit: 200 } })).json().data as Candidate[];
  const c = all.find((x) => x.domain === domain);
  if (!c) throw new Error(`no pending candidate ${domain}`);
  return c;
};
const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('listing candidates', () => {
  it('lists pending candidates, most confident first, with their source', async () => {
    const res = await t.call('GET', CANDIDATES, { token: t.users.viewer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 6, limit: 50, offset: 0 });
    expect(body.data.map((c: Candidate) => c.confidence_score)).toEqual([0.92, 0.81, 0.7, 0.6, 0.55, 0.2]);
    expect(body.data[0]).toMatchObject({
      title: 'Impresos 3D CDMX',
      domain: 'impresos3d.example.mx',
      url: 'https://www.impresos3d.example.mx/servicios',
      description: 'Impresión FDM y SLA bajo pedido',
      category_suggestions: ['additive_manufacturing', 'materials'],
      status: 'pending',
      decision_reason: null,
      source_id: sourceId,
      source_name: 'Buscador',
      vendor_id: null,
    });
    expect(Date.parse(body.data[0].discovered_at)).not.toBeNaN();
  });

  it('pages with limit and offset, and filters by status', async () => {
    const page = (await t.call('GET', CANDIDATES, { query: { limit: 2, offset: 1 } })).json();
    expect(page.total).toBe(6);
    expect(page.data.map((c: Candidate) => c.confidence_score)).toEqual([0.81, 0.7]);
    const approved = (await t.call('GET', CANDIDATES, { query: { status: 'approved' } })).json();
    expect(approved).toMatchObject({ data: [], total: 0 });
  });

  it('rejects bad queries and needs a token', async () => {
    expect((await t.call('GET', CANDIDATES, { query: { limit: 201 } })).statusCode).toBe(400);
    expect((await t.call('GET', CANDIDATES, { query: { status: 'maybe' } })).statusCode).toBe(400);
    expect((await t.call('GET', CANDIDATES, { query: { colour: 'red' } })).statusCode).toBe(400);
    expect((await t.call('GET', CANDIDATES, { token: null })).statusCode).toBe(401);
  });
});

describe('approving', () => {
  it('creates a vendor from the candidate, visible in the vendors API', async () => {
    const c = await byDomain('impresos3d.example.mx');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, {
      token: t.users.operator.token,
      query: { category: 'additive_manufacturing' },
    });
    expect(res.statusCode).toBe(200);
    const { candidate, vendor_id } = res.json();
    expect(candidate).toMatchObject({
      id: c.id,
      status: 'approved',
      approved_category: 'additive_manufacturing',
      vendor_id,
    });
    expect(candidate.decided_at).not.toBeNull();

    const vendor = await t.call('GET', `/api/v1/vendors/${vendor_id}`, { token: t.users.viewer.token });
    expect(vendor.statusCode).toBe(200);
    expect(vendor.json()).toMatchObject({
      name: 'Impresos 3D CDMX',
      type: 'bureau',
      website: 'https://www.impresos3d.example.mx',
      country: 'México',
      country_code: 'MX',
      capabilities: ['fdm_printing'],
      description: 'Impresión FDM y SLA bajo pedido',
    });

    const sources = (await t.call('GET', '/api/v1/discovery/sources')).json();
    expect(sources.data[0]).toMatchObject({ total_discovered: 6, total_approved: 1 });
    expect(
      await count(
        "select count(*)::int as n from activity_log where action = 'candidate_approved' and entity_id = $1",
        [c.id],
      ),
    ).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from activity_log where action = 'vendor_created' and entity_id = $1",
        [vendor_id],
      ),
    ).toBe(1);
    const pending = (await t.call('GET', CANDIDATES)).json();
    expect(pending.total).toBe(5);
  });

  it('answers 409 when deciding a candidate twice', async () => {
    const { id } = (await t.call('GET', CANDIDATES, { query: { status: 'approved' } })).json().data[0];
    for (const action of ['approve', 'reject', 'not-relevant']) {
      const res = await t.call('POST', `${CANDIDATES}/${id}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().detail).toBe('This candidate has already been decided');
    }
    expect(await count('select count(*)::int as n from vendors')).toBe(1);
  });

  it("defaults to 'unknown' without suggestions, and places a .co domain in Colombia", async () => {
    const c = await byDomain('fresados.example.co');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().candidate.approved_category).toBe('unknown');
    const vendor = (await t.call('GET', `/api/v1/vendors/${res.json().vendor_id}`)).json();
    expect(vendor).toMatchObject({
      name: 'fresados.example.co',
      country: 'Colombia',
      country_code: 'CO',
      region: 'LATAM',
      capabilities: ['design_services'],
      description: null,
    });
  });

  it('maps the chosen category to a capability', async () => {
    const c = await byDomain('laser-norte.example.mx');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, {
      query: { category: 'laser_cutting' },
    });
    const vendor = (await t.call('GET', `/api/v1/vendors/${res.json().vendor_id}`)).json();
    expect(vendor.capabilities).toEqual(['laser_cutting']);
  });

  it('links the existing vendor with that website instead of failing', async () => {
    const existing = await t.call('POST', '/api/v1/vendors', {
      body: {
        name: 'Ya Existe SA',
        website: 'https://ya-existe.example.mx/tienda',
        capabilities: ['cnc_milling'],
      },
    });
    expect(existing.statusCode).toBe(201);
    const before = await count('select count(*)::int as n from vendors');
    const c = await byDomain('ya-existe.example.mx');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { query: { category: 'materials' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().vendor_id).toBe(existing.json().id);
    expect(res.json().candidate.vendor_id).toBe(existing.json().id);
    expect(await count('select count(*)::int as n from vendors')).toBe(before);
  });

  it('checks the category, the id and the role', async () => {
    const c = await byDomain('blog.example.mx');
    const bad = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { query: { category: 'welding' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('category');
    const viewer = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { token: t.users.viewer.token });
    expect(viewer.statusCode).toBe(403);
    expect((await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { token: null })).statusCode).toBe(401);
    const missing = await t.call('POST', `${CANDIDATES}/${MISSING}/approve`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Discovery candidate not found');
    expect((await t.call('POST', `${CANDIDATES}/nope/approve`)).statusCode).toBe(400);
    expect((await byDomain('blog.example.mx')).id).toBe(c.id);
  });
});

describe('rejecting and marking not relevant', () => {
  it('rejects with a reason, logging it', async () => {
    const c = await byDomain('blog.example.mx');
    const long = await t.call('POST', `${CANDIDATES}/${c.id}/reject`, { query: { reason: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/reject`, {
      token: t.users.operator.token,
      query: { reason: ' No vende servicios ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, status: 'rejected', decision_reason: 'No vende servicios' });
    expect(
      await count(
        "select count(*)::int as n from activity_log where action = 'candidate_rejected' and entity_id = $1",
        [c.id],
      ),
    ).toBe(1);
    const again = await t.call('POST', `${CANDIDATES}/${c.id}/reject`, { query: { reason: 'otra vez' } });
    expect(again.statusCode).toBe(409);
    const rejected = (await t.call('GET', CANDIDATES, { query: { status: 'rejected' } })).json();
    expect(rejected.data.map((x: Candidate) => x.id)).toEqual([c.id]);
  });

  it('marks not relevant and keeps the domain out of future runs', async () => {
    const c = await byDomain('spam.example.com');
    expect(
      (await t.call('POST', `${CANDIDATES}/${c.id}/not-relevant`, { token: t.users.viewer.token }))
        .statusCode,
    ).toBe(403);
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/not-relevant`, {
      token: t.users.operator.token,
      query: { reason: 'casino' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'not_relevant', decision_reason: 'casino' });
    expect(
      await count('select count(*)::int as n from excluded_domains where domain = $1', ['spam.example.com']),
    ).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from activity_log where action = 'candidate_not_relevant' and entity_id = $1",
        [c.id],
      ),
    ).toBe(1);

    // Even once the candidate row is gone, the domain stays out.
    await t.db.query('delete from discovery_candidates where id = $1', [c.id]);
    const again = await saveCandidates(t.db, sourceId, [
      { url: 'https://www.spam.example.com/otra', title: 'Casino 2', confidence_score: 0.9 },
    ]);
    expect(again).toBe(0);
    expect((await t.call('POST', `${CANDIDATES}/${MISSING}/not-relevant`)).statusCode).toBe(404);
  });
});

describe('approving with a profile and a price page', () => {
  it("files the target under the profile's first category when approved as 'unknown'", async () => {
    await saveCandidates(t.db, sourceId, [
      {
        url: 'https://grabados.example.mx/',
        title: 'Grabados Láser MX',
        confidence_score: 0.8,
        profile: {
          vendor_type: 'freelancer',
          city: 'Puebla',
          state: 'Puebla',
          capabilities: ['laser_engraving'],
        },
        price_url: 'https://grabados.example.mx/precios',
      },
    ]);
    const c = await byDomain('grabados.example.mx');
    expect(c).toMatchObject({
      vendor_type: 'freelancer',
      city: 'Puebla',
      state: 'Puebla',
      capabilities: ['laser_engraving'],
      price_url: 'https://grabados.example.mx/precios',
    });
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().candidate.approved_category).toBe('unknown');
    const vendor = (await t.call('GET', `/api/v1/vendors/${res.json().vendor_id}`)).json();
    expect(vendor).toMatchObject({ type: 'freelancer', capabilities: ['laser_engraving'], city: 'Puebla' });
    const targets = (await t.call('GET', '/api/v1/targets', { query: { vendor_id: vendor.id } })).json();
    expect(targets.data.map((x: { url: string; category: string }) => [x.url, x.category])).toEqual([
      ['https://grabados.example.mx/precios', 'laser_cutting'],
    ]);
  });

  it('links an existing vendor without duplicating a target it already has', async () => {
    const vendor = await t.call('POST', '/api/v1/vendors', {
      body: {
        name: 'Fresados Sur',
        website: 'https://fresados-sur.example.mx',
        capabilities: ['cnc_milling'],
      },
    });
    const vendorId = vendor.json().id as string;
    const target = await t.call('POST', '/api/v1/crawl-targets', {
      body: {
        vendor_id: vendorId,
        url: 'https://fresados-sur.example.mx/precios',
        category: 'cnc_machining',
      },
    });
    expect(target.statusCode).toBe(201);
    // Proposed before the vendor existed (saved straight, as an earlier run would have).
    await t.db.query(
      `insert into discovery_candidates (source_id, domain, url, title, confidence_score, price_url)
       values ($1, 'fresados-sur.example.mx', 'https://fresados-sur.example.mx/', 'Fresados Sur', 0.7, $2)`,
      [sourceId, 'https://fresados-sur.example.mx/precios'],
    );
    const c = await byDomain('fresados-sur.example.mx');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, {
      query: { category: 'cnc_machining' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().vendor_id).toBe(vendorId);
    const targets = (await t.call('GET', '/api/v1/targets', { query: { vendor_id: vendorId } })).json();
    expect(targets.total).toBe(1);
  });

  it('creates no target without a price page', async () => {
    const before = await count('select count(*)::int as n from crawl_targets');
    await saveCandidates(t.db, sourceId, [{ url: 'https://sin-precios.example.mx/', confidence_score: 0.6 }]);
    const c = await byDomain('sin-precios.example.mx');
    const res = await t.call('POST', `${CANDIDATES}/${c.id}/approve`, { query: { category: 'materials' } });
    expect(res.statusCode).toBe(200);
    expect(await count('select count(*)::int as n from crawl_targets')).toBe(before);
  });
});
