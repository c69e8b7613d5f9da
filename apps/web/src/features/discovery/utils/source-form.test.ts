import { describe, expect, it } from 'vitest';
import { DISCOVERY_SOURCE_TYPES } from '@preciofab/shared/catalogue';
import type { DiscoverySource, DiscoverySourceType } from '@preciofab/shared/contracts/discovery';
import {
  emptySourceForm,
  fieldsOf,
  keepsSecret,
  sourceFormOf,
  sourceFormSchema,
  toSourceBody,
  type SourceFormValues,
} from './source-form.ts';

const DEFAULT_KEYWORDS = 'impresión 3D, maquinado CNC';

const form = (
  type: DiscoverySourceType,
  config: Partial<SourceFormValues['config']> = {},
  extra: Partial<SourceFormValues> = {},
): SourceFormValues => {
  const empty = emptySourceForm(DEFAULT_KEYWORDS);
  return { ...empty, name: 'Fuente', type, config: { ...empty.config, ...config }, ...extra };
};

/** Each issue as [the form field it shows under, its message key]. */
const issues = (values: SourceFormValues) =>
  sourceFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('source form', () => {
  it('starts with the spec §9 defaults', () => {
    const values = emptySourceForm(DEFAULT_KEYWORDS);
    expect(values).toMatchObject({ schedule: 'daily', active: true });
    expect(values.config).toMatchObject({ region: 'Mexico', language: 'es', keywords: DEFAULT_KEYWORDS });
    expect(toSourceBody(values).schedule).toBe('0 6 * * *');
  });

  it.each([
    ['search_engine', ['search_query', 'keywords', 'region', 'language']],
    ['directory', ['directory_url', 'keywords']],
    ['association', ['api_endpoint', 'region']],
    ['sitemap', ['sitemap_url', 'keywords']],
    ['social_media', ['api_endpoint', 'keywords', 'region']],
    ['api', ['api_endpoint']],
  ] as const)('%s shows %j', (type, fields) => {
    expect(fieldsOf(type)).toEqual(fields);
  });

  it.each([
    ['search_engine', 'search_query', 'validation.search_query_required'],
    ['directory', 'directory_url', 'validation.directory_url_required'],
    ['association', 'api_endpoint', 'validation.api_endpoint_required'],
    ['sitemap', 'sitemap_url', 'validation.sitemap_url_required'],
    ['social_media', 'api_endpoint', 'validation.api_endpoint_required'],
    ['api', 'api_endpoint', 'validation.api_endpoint_required'],
  ] as const)('%s requires %s', (type, field, message) => {
    expect(issues(form(type))).toEqual([[`config.${field}`, message]]);
  });

  it('requires a non-blank name', () => {
    expect(issues(form('search_engine', { search_query: 'impresión 3D' }, { name: '   ' }))).toEqual([
      ['name', 'validation.source_name_required'],
    ]);
  });

  it('rejects a URL that is not one, under its field', () => {
    expect(issues(form('sitemap', { sitemap_url: 'not a url' }))).toEqual([
      ['config.sitemap_url', 'validation.url_invalid'],
    ]);
  });

  it('sends only the fields of the chosen type, with keywords as a list', () => {
    const values = form(
      'directory',
      {
        search_query: 'left over from another type',
        directory_url: 'https://directorio.mx',
        keywords: ' CNC , , láser ',
      },
      { name: ' Fuente ', schedule: 'manual' },
    );
    expect(toSourceBody(values).config).toEqual({
      directory_url: 'https://directorio.mx',
      keywords: ' CNC , , láser ',
    });
    expect(sourceFormSchema.parse(values)).toEqual({
      name: 'Fuente',
      type: 'directory',
      config: { directory_url: 'https://directorio.mx', keywords: ['CNC', 'láser'] },
      schedule: '',
      active: true,
    });
  });

  it('is valid for every type once its required field is filled', () => {
    const filled = {
      search_query: 'impresión 3D',
      api_endpoint: 'https://api.example.mx',
      directory_url: 'https://dir.example.mx',
      sitemap_url: 'https://example.mx/sitemap.xml',
    };
    for (const type of DISCOVERY_SOURCE_TYPES) expect(issues(form(type, filled))).toEqual([]);
  });

  it('edits a source whose key is hidden: the mask goes back as shown, and tells the field to say so', () => {
    const source: DiscoverySource = {
      id: 's1',
      name: 'Socios',
      type: 'association',
      config: { api_endpoint: 'https://api.example.mx/socios?api_key=••••cdef', region: 'Mexico' },
      secret_fields: ['api_endpoint'],
      schedule: '0 6 * * *',
      active: true,
      status: 'idle',
      total_discovered: 0,
      total_approved: 0,
      last_run_at: null,
      last_error: null,
      last_run_errors: [],
      next_run_at: null,
      schedule_time_zone: 'America/Mexico_City',
      created_at: '2025-01-01T00:00:00.000Z',
    };
    const values = sourceFormOf(source, DEFAULT_KEYWORDS);
    expect(issues(values)).toEqual([]);
    expect(sourceFormSchema.parse(values).config).toEqual({
      api_endpoint: 'https://api.example.mx/socios?api_key=••••cdef',
      region: 'Mexico',
    });
    expect(keepsSecret(source, 'api_endpoint', values.config.api_endpoint)).toBe(true);
    // Typed over: a new key, no longer the stored one.
    expect(keepsSecret(source, 'api_endpoint', 'https://api.example.mx/socios?api_key=nueva')).toBe(false);
    expect(keepsSecret(null, 'api_endpoint', values.config.api_endpoint)).toBe(false);
  });

  it('keeps a custom stored cron', () => {
    expect(toSourceBody(form('api', {}, { schedule: { cron: '0 */4 * * *' } })).schedule).toBe('0 */4 * * *');
  });
});
