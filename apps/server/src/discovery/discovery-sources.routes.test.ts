import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { DEFAULT_DISCOVERY_KEYWORDS } from '@preciofab/shared/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOURCES = '/api/v1/discovery/sources';
const MISSING = '00000000-0000-4000-8000-000000000000';

type FieldErr = { field: string; message: string };
const fieldErrors = (body: { errors: FieldErr[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

async function activity(action: string, entityId: string) {
  const r = await t.db.query<{ details: Record<string, unknown> }>(
    'select details from activity_log where action = $1 and entity_id = $2',
    [action, entityId],
  );
  return r.rows;
}

describe('discovery sources', () => {
  let searchId: string;

  it('lets an admin add a search-engine source, filling the spec §9 defaults', async () => {
    const res = await t.call('POST', SOURCES, {
      body: { name: '  Google MX  ', type: 'search_engine', config: { search_query: ' impresión 3D ' } },
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      name: 'Google MX',
      type: 'search_engine',
      config: {
        search_query: 'impresión 3D',
        keywords: DEFAULT_DISCOVERY_KEYWORDS,
        region: 'Mexico',
        language: 'es',
      },
      schedule: '0 6 * * *',
      active: true,
      status: 'idle',
      total_discovered: 0,
      total_approved: 0,
      last_run_at: null,
      last_error: null,
      schedule_time_zone: 'America/Mexico_City',
    });
    // 6:00 in the schedule time zone (Mexico City, UTC-6 all year): 12:00 UTC.
    expect(new Date(s.next_run_at).getUTCHours()).toBe(12);
    searchId = s.id;
    expect(await activity('source_created', searchId)).toEqual([{ details: { name: 'Google MX' } }]);
  });

  it('trims keywords, drops blanks, takes comma text, and drops fields of other types', async () => {
    const res = await t.call('POST', SOURCES, {
      body: {
        name: 'Directorio Canacintra',
        type: 'directory',
        config: {
          directory_url: 'https://directorio.example.mx/fabricacion',
          keywords: [' CNC ', '', '  ', 'láser'],
          search_query: 'left over from another type',
          region: 'LATAM',
        },
        schedule: '0 6 * * 1',
        active: false,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      config: { directory_url: 'https://directorio.example.mx/fabricacion', keywords: ['CNC', 'láser'] },
      schedule: '0 6 * * 1',
      active: false,
      next_run_at: null,
    });
    expect(Object.keys(res.json().config).sort()).toEqual(['directory_url', 'keywords']);

    const text = await t.call('POST', SOURCES, {
      body: {
        name: 'Mapa',
        type: 'sitemap',
        config: { sitemap_url: 'https://maker.example.mx/sitemap.xml', keywords: 'resina, , PLA ' },
        schedule: '',
      },
    });
    expect(text.statusCode).toBe(201);
    expect(text.json()).toMatchObject({
      config: { keywords: ['resina', 'PLA'] },
      schedule: '',
      next_run_at: null,
    });
  });

  it('answers each spec §5 message as a field error under its config key', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { name: '  ', type: 'api', config: { api_endpoint: 'https://a.example.mx' } },
        'name',
        'Source name is required',
      ],
      [
        { name: 'x', type: 'search_engine' },
        'config.search_query',
        'Search query is required for search engine sources',
      ],
      [{ name: 'x', type: 'association' }, 'config.api_endpoint', 'API endpoint is required'],
      [
        { name: 'x', type: 'social_media', config: { api_endpoint: '' } },
        'config.api_endpoint',
        'API endpoint is required',
      ],
      [
        { name: 'x', type: 'api', config: { api_endpoint: null } },
        'config.api_endpoint',
        'API endpoint is required',
      ],
      [{ name: 'x', type: 'directory' }, 'config.directory_url', 'Directory URL is required'],
      [{ name: 'x', type: 'sitemap' }, 'config.sitemap_url', 'Sitemap URL is required'],
      [
        { name: 'x', type: 'sitemap', config: { sitemap_url: 'ftp://a.mx/s.xml' } },
        'config.sitemap_url',
        'Please enter a valid URL',
      ],
      [
        { name: 'x', type: 'api', config: { api_endpoint: 'not a url' } },
        'config.api_endpoint',
        'Please enter a valid URL',
      ],
      [
        { name: 'x', type: 'api', config: { api_endpoint: 'https://a.mx' }, schedule: '0 25 * * *' },
        'schedule',
        'Invalid schedule (use a cron expression with five fields)',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call('POST', SOURCES, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldErrors(res.json())).toEqual({ [field]: message });
    }
  });

  it('lists every failing field at once, in the requested language', async () => {
    const res = await t.call('POST', SOURCES, {
      lang: 'es',
      body: { name: '', type: 'search_engine', schedule: 'cada día' },
    });
    expect(res.statusCode).toBe(400);
    const errors = fieldErrors(res.json());
    expect(Object.keys(errors).sort()).toEqual(['config.search_query', 'name', 'schedule']);
    expect(errors.name).not.toBe('Source name is required');
    expect(errors.name).not.toMatch(/^validation\./);
  });

  it('rejects unknown fields and unknown config keys, naming them, and unknown types', async () => {
    const res = await t.call('POST', SOURCES, {
      body: {
        name: 'x',
        type: 'api',
        config: { api_endpoint: 'https://a.mx', token: 's3cret' },
        colour: 'red',
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: FieldErr) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['config.token', 'colour']));
    expect(res.json().errors).toContainEqual({
      field: 'config.token',
      message: 'Unknown field: token',
      code: 'unrecognized_keys',
    });
    const type = await t.call('POST', SOURCES, { body: { name: 'x', type: 'rss' } });
    expect(type.statusCode).toBe(400);
    expect(fieldErrors(type.json())).toHaveProperty('type');
  });

  it('lets only admins manage sources; anyone signed in may list them', async () => {
    const body = { name: 'No', type: 'api', config: { api_endpoint: 'https://a.example.mx' } };
    expect((await t.call('POST', SOURCES, { token: t.users.operator.token, body })).statusCode).toBe(403);
    expect((await t.call('POST', SOURCES, { token: t.users.viewer.token, body })).statusCode).toBe(403);
    expect((await t.call('POST', SOURCES, { token: null, body })).statusCode).toBe(401);
    expect(
      (
        await t.call('PATCH', `${SOURCES}/${searchId}`, {
          token: t.users.operator.token,
          body: { name: 'y' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `${SOURCES}/${searchId}`, { token: t.users.operator.token })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', SOURCES, { token: null })).statusCode).toBe(401);

    const list = await t.call('GET', SOURCES, { token: t.users.viewer.token });
    expect(list.statusCode).toBe(200);
    const { data, total } = list.json();
    expect(total).toBe(3);
    expect(data.map((s: { name: string }) => s.name)).toEqual(['Directorio Canacintra', 'Google MX', 'Mapa']);
    expect(data.every((s: { name: string }) => s.name !== 'No')).toBe(true);
  });

  it('patches name, schedule, active and config, merging config and checking it against the type', async () => {
    const res = await t.call('PATCH', `${SOURCES}/${searchId}`, {
      body: {
        name: 'Google México',
        schedule: '0 6 1 * *',
        config: { keywords: ['fresado'], region: 'LATAM' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Google México',
      schedule: '0 6 1 * *',
      config: { search_query: 'impresión 3D', keywords: ['fresado'], region: 'LATAM', language: 'es' },
    });
    expect(new Date(res.json().next_run_at).getUTCDate()).toBe(1);
    expect(await activity('source_updated', searchId)).toHaveLength(1);

    const cleared = await t.call('PATCH', `${SOURCES}/${searchId}`, {
      body: { config: { search_query: null } },
    });
    expect(cleared.statusCode).toBe(400);
    expect(fieldErrors(cleared.json())).toEqual({
      'config.search_query': 'Search query is required for search engine sources',
    });
    const badCron = await t.call('PATCH', `${SOURCES}/${searchId}`, { body: { schedule: '* * *' } });
    expect(fieldErrors(badCron.json())).toEqual({
      schedule: 'Invalid schedule (use a cron expression with five fields)',
    });
    const typeChange = await t.call('PATCH', `${SOURCES}/${searchId}`, { body: { type: 'api' } });
    expect(typeChange.statusCode).toBe(400);

    const off = await t.call('PATCH', `${SOURCES}/${searchId}`, { body: { active: false } });
    expect(off.json()).toMatchObject({ active: false, next_run_at: null, name: 'Google México' });
    expect(off.json().config.search_query).toBe('impresión 3D');
  });

  it('answers 404 for an unknown source and 400 for a malformed id', async () => {
    const missing = await t.call('PATCH', `${SOURCES}/${MISSING}`, { body: { name: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Discovery source not found');
    expect((await t.call('DELETE', `${SOURCES}/${MISSING}`)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/discovery/run/${MISSING}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${SOURCES}/not-a-uuid`)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/v1/discovery/run/not-a-uuid')).statusCode).toBe(400);
  });

  it('deletes a source, logging it', async () => {
    const created = await t.call('POST', SOURCES, {
      body: { name: 'Temporal', type: 'api', config: { api_endpoint: 'https://api.example.mx/v1' } },
    });
    const id = created.json().id;
    const del = await t.call('DELETE', `${SOURCES}/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect(await activity('source_deleted', id)).toEqual([{ details: { name: 'Temporal' } }]);
    expect((await t.call('DELETE', `${SOURCES}/${id}`)).statusCode).toBe(404);
  });
});

describe('running a source', () => {
  let id: string;
  beforeAll(async () => {
    const res = await t.call('POST', SOURCES, {
      body: {
        name: 'Asociación AMEXFA',
        type: 'association',
        config: { api_endpoint: 'https://amexfa.example.mx/api' },
      },
    });
    id = res.json().id;
  });

  it('lets an operator queue a run: 202, status queued, one discovery.run job, logged', async () => {
    const res = await t.call('POST', `/api/v1/discovery/run/${id}`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(202);
    const { job_id, status } = res.json();
    expect(status).toBe('queued');
    const job = await t.ctx.queue.get(job_id);
    expect(job).toMatchObject({ name: 'discovery.run', payload: { source_id: id }, state: 'queued' });
    const list = (await t.call('GET', SOURCES)).json();
    expect(list.data.find((s: { id: string }) => s.id === id).status).toBe('queued');
    expect(await activity('discovery_queued', id)).toEqual([
      { details: { name: 'Asociación AMEXFA', job_id } },
    ]);
  });

  it('answers 409 while a run is pending', async () => {
    const res = await t.call('POST', `/api/v1/discovery/run/${id}`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This source already has a run pending');
    const jobs = await t.db.query<{ n: number }>(
      "select count(*)::int as n from jobs where name = 'discovery.run' and payload->>'source_id' = $1",
      [id],
    );
    expect(jobs.rows[0]!.n).toBe(1);
  });

  it('allows a new run once the pending one is finished', async () => {
    await t.db.query("update jobs set state = 'completed' where singleton_key = $1", [`discovery:${id}`]);
    const res = await t.call('POST', `/api/v1/discovery/run/${id}`, { token: t.users.operator.token });
    expect(res.statusCode).toBe(202);
  });

  it('answers 409 for an inactive source, and 403 for a viewer', async () => {
    const created = await t.call('POST', SOURCES, {
      body: {
        name: 'Pausada',
        type: 'api',
        config: { api_endpoint: 'https://api.example.mx' },
        active: false,
      },
    });
    const res = await t.call('POST', `/api/v1/discovery/run/${created.json().id}`, {
      token: t.users.operator.token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Only active sources can be run');
    expect(
      (await t.call('POST', `/api/v1/discovery/run/${id}`, { token: t.users.viewer.token })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `/api/v1/discovery/run/${id}`, { token: null })).statusCode).toBe(401);
  });
});

describe('secrets in a source’s configuration are write-only', () => {
  const KEY = 'sk_live_0123456789abcdef';
  const PASSWORD = 'hunter2-correct';
  const ENDPOINT = `https://api.example.mx/v1/socios?api_key=${KEY}&pagina=1`;
  const MASKED = 'https://api.example.mx/v1/socios?api_key=••••cdef&pagina=1';
  let id: string;

  /** What the collector reads: the row the discovery.run job loads. */
  const storedConfig = async () =>
    (await discoverySourcesRepository.findById(t.db, id))!.config as Record<string, string>;
  const listed = async (token: string) => {
    const res = await t.call('GET', SOURCES, { token });
    expect(res.statusCode).toBe(200);
    return { body: res.body, source: res.json().data.find((s: { id: string }) => s.id === id) };
  };

  it('answers a new source masked, even to the admin who sent the key', async () => {
    const res = await t.call('POST', SOURCES, {
      body: { name: 'Socios con clave', type: 'association', config: { api_endpoint: ENDPOINT } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(KEY);
    expect(res.json()).toMatchObject({ config: { api_endpoint: MASKED }, secret_fields: ['api_endpoint'] });
    id = res.json().id;
    expect((await storedConfig()).api_endpoint).toBe(ENDPOINT);
  });

  it('never lists the key, to a viewer or an admin, nor in the errors its runs stored', async () => {
    await t.db.query('update discovery_sources set last_error = $2, last_run_errors = $3 where id = $1', [
      id,
      `Could not read ${ENDPOINT}: HTTP 401`,
      [`Page 2 https://api.example.mx/v1/socios?api_key=${KEY}&pagina=2 answered HTTP 500`],
    ]);
    for (const token of [t.users.viewer.token, t.users.admin.token]) {
      const { body, source } = await listed(token);
      expect(body).not.toContain(KEY);
      expect(source).toMatchObject({
        config: { api_endpoint: MASKED },
        secret_fields: ['api_endpoint'],
        last_error: `Could not read ${MASKED}: HTTP 401`,
        last_run_errors: [
          'Page 2 https://api.example.mx/v1/socios?api_key=••••cdef&pagina=2 answered HTTP 500',
        ],
      });
    }
    // A source without a secret says so.
    const plain = (await t.call('GET', SOURCES)).json().data.find((s: { name: string }) => s.name === 'Mapa');
    expect(plain.secret_fields).toEqual([]);
  });

  it('keeps the stored key when the mask comes back, with other edits of the URL', async () => {
    const res = await t.call('PATCH', `${SOURCES}/${id}`, {
      body: {
        name: 'Socios',
        config: { api_endpoint: MASKED.replace('pagina=1', 'pagina=2'), region: 'LATAM' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(KEY);
    expect(res.json().config.api_endpoint).toBe(MASKED.replace('pagina=1', 'pagina=2'));
    expect((await storedConfig()).api_endpoint).toBe(ENDPOINT.replace('pagina=1', 'pagina=2'));
    // A patch without config leaves it alone too.
    await t.call('PATCH', `${SOURCES}/${id}`, { body: { active: false } });
    expect((await storedConfig()).api_endpoint).toBe(ENDPOINT.replace('pagina=1', 'pagina=2'));
  });

  it('refuses a mask it cannot put back: another host, an edited mask, a new source', async () => {
    for (const api_endpoint of [
      'https://evil.example.com/v1/socios?api_key=••••cdef',
      'https://api.example.mx/v1/socios?api_key=••••0000',
      'https://api.example.mx/v1/socios?token=••••',
    ]) {
      const res = await t.call('PATCH', `${SOURCES}/${id}`, { body: { config: { api_endpoint } } });
      expect(res.statusCode, api_endpoint).toBe(400);
      expect(fieldErrors(res.json())).toEqual({
        'config.api_endpoint':
          'A hidden key (••••) can only be kept unchanged in the same address; type the whole key again',
      });
    }
    expect((await storedConfig()).api_endpoint).toBe(ENDPOINT.replace('pagina=1', 'pagina=2'));
    const created = await t.call('POST', SOURCES, {
      body: { name: 'Copia', type: 'api', config: { api_endpoint: MASKED } },
    });
    expect(created.statusCode).toBe(400);
    expect(fieldErrors(created.json())).toHaveProperty('config.api_endpoint');
  });

  it('replaces the key with a new value, and clears it when the URL leaves it out', async () => {
    const replaced = await t.call('PATCH', `${SOURCES}/${id}`, {
      body: {
        config: { api_endpoint: `https://bot:${PASSWORD}@api.example.mx/v1/socios?api_key=nueva-clave-9876` },
      },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).not.toContain('nueva-clave-9876');
    expect(replaced.body).not.toContain(PASSWORD);
    expect(replaced.json().config.api_endpoint).toBe(
      'https://••••:••••@api.example.mx/v1/socios?api_key=••••9876',
    );
    expect((await storedConfig()).api_endpoint).toBe(
      `https://bot:${PASSWORD}@api.example.mx/v1/socios?api_key=nueva-clave-9876`,
    );

    const cleared = await t.call('PATCH', `${SOURCES}/${id}`, {
      body: { config: { api_endpoint: 'https://api.example.mx/v1/socios' } },
    });
    expect(cleared.json()).toMatchObject({
      config: { api_endpoint: 'https://api.example.mx/v1/socios' },
      secret_fields: [],
    });
    expect((await storedConfig()).api_endpoint).toBe('https://api.example.mx/v1/socios');
  });
});
