import { describe, expect, it } from 'vitest';
import { collectorContext, fakeFetchText, fixture } from './fake-fetch-text.ts';
import { collectSocialMedia } from './social-media.collector.ts';

const URL_ = 'https://bridge.example.com/feed.json';
const run = (body: string) =>
  collectSocialMedia({ api_endpoint: URL_ }, collectorContext(fakeFetchText({ [URL_]: body }).fetchText));

describe('social media collector', () => {
  it('takes profiles’ websites, profile URLs and links written in bios', async () => {
    const { findings } = await run(fixture('social-profiles.json'));
    expect(findings.map((f) => f.url)).toEqual([
      'https://lasercreativo.mx/',
      'https://www.instagram.com/lasercreativomx',
      'https://www.tiktok.com/@filamentosbajio',
      'https://www.filamentosbajio.com.mx/tienda',
    ]);
    expect(findings[0]).toMatchObject({
      title: 'Láser Creativo MX',
      evidence: expect.stringContaining('Corte y grabado láser'),
    });
  });

  it('takes posts’ listed links (strings or {url}) and links in their text, once each', async () => {
    const { findings } = await run(fixture('social-posts.json'));
    expect(findings.map((f) => f.url)).toEqual([
      'https://resinapuebla.mx/',
      'https://t.co/abc123',
      'https://resinapuebla.mx/galeria?utm_campaign=post',
      'https://routermx.com.mx',
    ]);
    expect(findings[3]!.evidence).toContain('Corte CNC de triplay');
  });

  it('accepts a bare array of posts and rejects other shapes', async () => {
    const { findings } = await run('[{"text":"Visítanos en https://a.mx"}]');
    expect(findings.map((f) => f.url)).toEqual(['https://a.mx']);
    await expect(run('{"count": 0}')).rejects.toThrow(/without a list \(accepted: \{profiles/);
  });
});
