import { z } from 'zod';
import { crawlerConfigSchema } from '@preciofab/fetch/crawler-config';
import { channelsConfigSchema } from '@preciofab/shared/channels-config';
import { discoveryConfigSchema } from '@preciofab/shared/discovery-config';
import { fxProviderConfigSchema } from '@preciofab/shared/fx-provider-config';
import { schedulerConfigSchema } from '@preciofab/shared/scheduler-config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every environment variable the standalone worker reads, parsed once at start. */
export const workerConfigSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  ...crawlerConfigSchema.shape,
  ...discoveryConfigSchema.shape,
  ...fxProviderConfigSchema.shape,
  ...schedulerConfigSchema.shape,
  ...channelsConfigSchema.shape,
});

export type WorkerConfig = z.infer<typeof workerConfigSchema> & { DATABASE_URL: string };

/** Why a standalone worker needs PostgreSQL: PGlite is a file one process owns. */
export const EMBEDDED_ONLY_MESSAGE = [
  'DATABASE_URL is not set, so PrecioFab stores its data in embedded PGlite.',
  'PGlite belongs to one process: its jobs run inside the server (npm start), and no separate worker is needed.',
  'To run extra workers, point the server and every worker at the same PostgreSQL with DATABASE_URL=postgres://…',
].join('\n');

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = workerConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATABASE_URL } = parsed.data;
  if (!DATABASE_URL) throw new Error(EMBEDDED_ONLY_MESSAGE);
  return { ...parsed.data, DATABASE_URL };
}
