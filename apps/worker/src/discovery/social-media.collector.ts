import type { Collector, Finding } from './collector-types.ts';
import { requireUrl } from './collector-types.ts';
import { fetchSourceJson, isRecord, joinText, listIn, shapeError, type JsonRecord } from './json-records.ts';
import { textField } from './json-records.ts';
import { urlsInText } from './site-url.ts';

const WHAT = 'social media endpoint';
const SHAPES = '{profiles:[…]}, {posts:[…]}, {data:[…]} or an array of profiles or posts';

/** The links a post lists: strings, or objects with a url (link previews). */
function listedLinks(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((l) => {
    if (typeof l === 'string') return [l];
    const url = isRecord(l) ? textField(l, ['url', 'href', 'expanded_url']) : undefined;
    return url ? [url] : [];
  });
}

/**
 * A profile gives its website (and its own profile URL, which the non-vendor host filter drops);
 * a post gives its links. Links written in a bio or a post's text count too, because that is where
 * small shops put them ("cotizaciones en www.ejemplo.mx").
 */
function findingsOf(item: JsonRecord): Finding[] {
  const name = textField(item, ['name', 'nombre', 'username', 'display_name', 'author']);
  const text = textField(item, ['bio', 'description', 'text', 'message', 'content', 'caption']);
  const urls = [
    textField(item, ['website', 'web', 'external_url']),
    textField(item, ['url', 'link']),
    ...listedLinks(item.links),
    ...urlsInText(text ?? ''),
  ].filter((u): u is string => Boolean(u));
  const evidence = joinText(name, textField(item, ['location', 'city', 'ciudad']), text);
  return [...new Set(urls)].map((url) => ({ url, title: name, description: text, evidence }));
}

/** Profiles or posts from a social network's API (or a bridge that exports them as JSON). */
export const collectSocialMedia: Collector = async (config, { fetchText }) => {
  const url = requireUrl(config, 'api_endpoint');
  const json = await fetchSourceJson(fetchText, url, WHAT);
  const lists = isRecord(json)
    ? [json.profiles, json.posts, json.data].filter(Array.isArray)
    : [listIn(json, [])].filter(Array.isArray);
  if (!lists.length) throw shapeError(WHAT, url, SHAPES);

  const findings = lists.flat().flatMap((item) => (isRecord(item) ? findingsOf(item) : []));
  return { findings, errors: [], fetched: 1 };
};
