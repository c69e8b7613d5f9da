import { describe, expect, it } from 'vitest';
import { collectAssociation } from './association.collector.ts';
import { collectorContext, fakeFetchText, fixture } from './fake-fetch-text.ts';

const URL_ = 'https://amma.org.mx/api/miembros';
const run = (body: string) =>
  collectAssociation({ api_endpoint: URL_ }, collectorContext(fakeFetchText({ [URL_]: body }).fetchText));

describe('association collector', () => {
  it('reads {members:[…]} with website or url, keeping name, city and description as evidence', async () => {
    const result = await run(fixture('association-members.json'));
    expect(result.findings).toEqual([
      {
        url: 'https://prototipa3d.com.mx',
        title: 'Prototipa3D',
        description: 'Servicio de impresión 3D FDM y SLA',
        evidence: 'Prototipa3D Guadalajara Servicio de impresión 3D FDM y SLA',
      },
      {
        url: 'http://maquinadosdelnorte.mx/',
        title: 'Maquinados del Norte',
        description: undefined,
        evidence: 'Maquinados del Norte Monterrey',
      },
    ]);
  });

  it.each([
    ['a bare array', '[{"name":"A","website":"https://a.mx"}]'],
    ['{data:[…]}', '{"data":[{"nombre":"A","sitio_web":"https://a.mx"}]}'],
  ])('accepts %s', async (_label, body) => {
    const result = await run(body);
    expect(result.findings.map((f) => [f.url, f.title])).toEqual([['https://a.mx', 'A']]);
  });

  it('fails clearly on JSON of another shape, on non-JSON and on an unreachable endpoint', async () => {
    await expect(run('{"total": 3}')).rejects.toThrow(/without a list \(accepted: \{members/);
    await expect(run('<html>Mantenimiento</html>')).rejects.toThrow(/did not return JSON .*Mantenimiento/);
    const refused = collectAssociation({ api_endpoint: URL_ }, collectorContext(fakeFetchText({}).fetchText));
    await expect(refused).rejects.toThrow(`Could not read the association member list at ${URL_}: refused`);
  });
});
