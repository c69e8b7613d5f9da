import type { Collector, Finding } from './collector-types.ts';
import { requireUrl } from './collector-types.ts';
import { fetchSourceJson, isRecord, joinText, listIn, shapeError, textField } from './json-records.ts';

const WHAT = 'API endpoint';
const SHAPES = '{items:[…]}, {data:[…]}, {results:[…]} or an array of {url, title, description}';

/** A generic JSON endpoint listing sites: each item's url with its title and description. */
export const collectApi: Collector = async (config, { fetchText }) => {
  const url = requireUrl(config, 'api_endpoint');
  const json = await fetchSourceJson(fetchText, url, WHAT);
  const items = listIn(json, ['items', 'data', 'results']);
  if (!items) throw shapeError(WHAT, url, SHAPES);

  const findings: Finding[] = [];
  for (const item of items) {
    // A bare string is a URL: the simplest list an integration can send.
    if (typeof item === 'string') {
      findings.push({ url: item });
      continue;
    }
    if (!isRecord(item)) continue;
    const site = textField(item, ['url', 'website', 'link', 'homepage']);
    if (!site) continue;
    const title = textField(item, ['title', 'name', 'nombre']);
    const description = textField(item, ['description', 'snippet', 'content', 'descripcion']);
    findings.push({ url: site, title, description, evidence: joinText(title, description) });
  }
  return { findings, errors: [], fetched: 1 };
};
