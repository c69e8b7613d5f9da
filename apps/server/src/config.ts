import { z } from 'zod';
import { crawlerConfigSchema } from '@preciofab/fetch/crawler-config';
import { channelsConfigSchema } from '@preciofab/shared/channels-config';
import { discoveryConfigSchema } from '@preciofab/shared/discovery-config';
import { fxProviderConfigSchema } from '@preciofab/shared/fx-provider-config';
import { schedulerConfigSchema } from '@preciofab/shared/scheduler-config';

const boolString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server and workers read, parsed once at start. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must have at least 10 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Run job workers inside the server process (always on PGlite). */
  EMBEDDED_WORKERS: boolString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: boolString.default(false),
  /** Origins (scheme://host[:port], comma-separated) of consoles served elsewhere that may call the API. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.url().regex(/^https?:\/\/[^/]+$/, 'each origin is scheme://host[:port], without a path')),
    ),
  NODE_ENV: z.string().default('development'),
  // The crawler's variables, checked here too so a bad value stops the start, not the first crawl.
  ...crawlerConfigSchema.shape,
  ...discoveryConfigSchema.shape,
  ...fxProviderConfigSchema.shape,
  // The schedule time zone and job retention: the embedded scheduler's, and the time zone the
  // API computes next runs in.
  ...schedulerConfigSchema.shape,
  // Alert email (SMTP_URL, MAIL_FROM) and the console's address in links (PUBLIC_URL): the embedded
  // workers send, and the API says whether email is configured.
  ...channelsConfigSchema.shape,
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ADMIN_EMAIL && !parsed.data.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  }
  return parsed.data;
}
