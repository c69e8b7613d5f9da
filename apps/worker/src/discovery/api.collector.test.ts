import { describe, expect, it } from 'vitest';
import { collectApi } from './api.collector.ts';
import { collectorContext, fakeFetchText, fixture } from './fake-fetch-text.ts';

const URL_ = 'https://partner.example.com/v1/vendors';
const run = (body: string) =>
  collectApi({ api_endpoint: URL_ }, collectorContext(fakeFetchText({ [URL_]: body }).fetchText));

describe('api collector', () => {
  it('reads {results:[…]} items by url or link, and bare URL strings', async () => {
    const result = await run(fixture('api-items.json'));
    expect(result.findings.map((f) => [f.url, f.title ?? null, f.description ?? null])).toEqual([
      ['https://prototipa3d.com.mx/', 'Prototipa3D', 'Impresión 3D en Guadalajara'],
      ['https://brightbeam.com/', 'BrightBeam', 'Laser cutting'],
      ['https://acrifil.mx/', null, null],
    ]);
    expect(result.fetched).toBe(1);
  });

  it.each([
    ['{items:[…]}', '{"items":[{"url":"https://a.mx","title":"A"}]}'],
    ['{data:[…]}', '{"data":[{"url":"https://a.mx","title":"A"}]}'],
    ['a bare array', '[{"url":"https://a.mx","title":"A"}]'],
  ])('accepts %s', async (_label, body) => {
    expect((await run(body)).findings.map((f) => f.url)).toEqual(['https://a.mx']);
  });

  it('fails clearly without a list or without an endpoint', async () => {
    await expect(run('{"vendors": {}}')).rejects.toThrow(/without a list/);
    await expect(collectApi({}, collectorContext(fakeFetchText({}).fetchText))).rejects.toThrow(
      'no api_endpoint',
    );
  });
});
