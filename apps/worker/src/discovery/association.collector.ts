import type { Collector, Finding } from './collector-types.ts';
import { requireUrl } from './collector-types.ts';
import { fetchSourceJson, isRecord, joinText, listIn, shapeError, textField } from './json-records.ts';

const WHAT = 'association member list';
const SHAPES = '{members:[…]}, {data:[…]} or an array of members';

/**
 * A trade association's member list as JSON. Members without a website are skipped: a candidate is
 * a site. The city and description travel as evidence, for scoring when the site cannot be read.
 */
export const collectAssociation: Collector = async (config, { fetchText }) => {
  const url = requireUrl(config, 'api_endpoint');
  const json = await fetchSourceJson(fetchText, url, WHAT);
  const members = listIn(json, ['members', 'miembros', 'socios', 'data', 'items', 'results']);
  if (!members) throw shapeError(WHAT, url, SHAPES);

  const findings: Finding[] = [];
  for (const m of members) {
    if (!isRecord(m)) continue;
    const site = textField(m, ['website', 'url', 'sitio_web', 'sitio', 'web', 'link']);
    if (!site) continue;
    const name = textField(m, ['name', 'nombre', 'company', 'empresa']);
    const description = textField(m, ['description', 'descripcion', 'descripción', 'services', 'servicios']);
    const place = joinText(
      textField(m, ['city', 'ciudad']),
      textField(m, ['state', 'estado']),
      textField(m, ['country', 'pais', 'país']),
    );
    findings.push({ url: site, title: name, description, evidence: joinText(name, place, description) });
  }
  return { findings, errors: [], fetched: 1 };
};
