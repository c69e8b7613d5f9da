import { z } from 'zod';
import type { DISCOVERY_REGIONS, Language } from '@preciofab/shared/catalogue';
import {
  SOURCE_TYPE_FIELDS,
  sourceCreateBody,
  type DiscoverySource,
  type DiscoverySourceType,
} from '@preciofab/shared/contracts/discovery';
import { SECRET_MASK, type SecretUrlField } from '@preciofab/shared/contracts/discovery-secrets';
import { formatKeywords } from './keywords.ts';
import {
  DEFAULT_SCHEDULE_OPTION,
  SCHEDULE_CRON,
  scheduleOptionOf,
  type ScheduleOption,
} from './schedule-options.ts';

type Region = (typeof DISCOVERY_REGIONS)[number];
export type ConfigField = (typeof SOURCE_TYPE_FIELDS)[DiscoverySourceType][number];

/** What the setup modal edits, shaped like the API body so a field error's path (`config.sitemap_url`)
 * is the field's own name. Fields of every type are kept, so switching type back and forth loses
 * nothing; only the chosen type's fields are sent. */
export type SourceFormValues = {
  name: string;
  type: DiscoverySourceType;
  config: {
    search_query: string;
    /** Comma-separated, as the contract reads it. */
    keywords: string;
    region: Region;
    language: Language;
    api_endpoint: string;
    directory_url: string;
    sitemap_url: string;
  };
  /** A preset, or the stored cron of a source whose schedule was set some other way. */
  schedule: ScheduleOption | { cron: string };
  active: boolean;
};

export type SourceBody = z.input<typeof sourceCreateBody>;

/** Spec §9 defaults; the keywords come translated from the caller (the active language). */
export function emptySourceForm(defaultKeywords: string): SourceFormValues {
  return {
    name: '',
    type: 'search_engine',
    config: {
      search_query: '',
      keywords: defaultKeywords,
      region: 'Mexico',
      language: 'es',
      api_endpoint: '',
      directory_url: '',
      sitemap_url: '',
    },
    schedule: DEFAULT_SCHEDULE_OPTION,
    active: true,
  };
}

/** The form filled from a stored source, for editing. */
export function sourceFormOf(source: DiscoverySource, defaultKeywords: string): SourceFormValues {
  const base = emptySourceForm(defaultKeywords).config;
  const { config } = source;
  return {
    name: source.name,
    type: source.type,
    config: {
      search_query: config.search_query ?? '',
      keywords: config.keywords ? formatKeywords(config.keywords) : base.keywords,
      region: config.region ?? base.region,
      language: config.language ?? base.language,
      api_endpoint: config.api_endpoint ?? '',
      directory_url: config.directory_url ?? '',
      sitemap_url: config.sitemap_url ?? '',
    },
    schedule: scheduleOptionOf(source.schedule) ?? { cron: source.schedule },
    active: source.active,
  };
}

export function fieldsOf(type: DiscoverySourceType): readonly ConfigField[] {
  return SOURCE_TYPE_FIELDS[type];
}

export function cronOf(schedule: SourceFormValues['schedule']): string {
  return typeof schedule === 'string' ? SCHEDULE_CRON[schedule] : schedule.cron;
}

/** The create payload as typed (spec §3): only the chosen type's config keys. */
export function toSourceBody(values: SourceFormValues): SourceBody {
  const config: Record<string, string> = {};
  for (const field of fieldsOf(values.type)) config[field] = values.config[field];
  return {
    name: values.name,
    type: values.type,
    config,
    schedule: cronOf(values.schedule),
    active: values.active,
  };
}

/** The form checked by the server's own schema, so the spec §5 messages (and the per-type required
 * field) are written once; its output is the body as the server reads it. */
export const sourceFormSchema = z.custom<SourceFormValues>().transform(toSourceBody).pipe(sourceCreateBody);

/** Whether a URL field still holds the stored secret, shown masked: the API never sends a secret
 * back, and sending the mask unchanged keeps it. */
export function keepsSecret(source: DiscoverySource | null, field: SecretUrlField, value: string): boolean {
  return source !== null && source.secret_fields.includes(field) && value.includes(SECRET_MASK);
}
