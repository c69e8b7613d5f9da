import { z } from 'zod';
import { FX_IMPORT_FORMATS, fxImportResultSchema } from './fx-rates.ts';

/**
 * The jobs the server enqueues by name, with their payloads: one place both sides import, so the
 * server never imports a worker's handler and the compiler checks what it sends (STYLE.md §13).
 * The worker's definitions take their name and payload schema from here.
 */

export const FX_IMPORT_JOB = 'fx.import';
export const FX_PROVIDER_SYNC_JOB = 'fx.provider_sync';

/** A translatable message: a catalogue key and its values. */
const message = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** What an import job stores as its result: the API's result with its messages still as keys
 * (each reader sees them in their own language), and why nothing was written, if so. */
export const fxImportJobResult = fxImportResultSchema.extend({
  errors: z.array(message.extend({ line: z.number().int() })),
  error_count: z.number().int(),
  /** Set when nothing was written: the file had errors, or the import ran out of time. */
  error: message.nullable(),
});
export type FxImportJobResult = z.infer<typeof fxImportJobResult>;

export const fxImportJobPayload = z.object({
  format: z.enum(FX_IMPORT_FORMATS),
  /** The file's text. Dropped from the row once the import has run (it can be 8 MB, and the
   * status is read every few seconds); `done` then holds the outcome. */
  content: z.string().optional(),
  source: z.string().min(1).max(100).optional(),
  /** Who asked: the activity entry and each rate's `updated_by`. */
  actor_id: z.uuid().nullable(),
  /** The outcome, once the import has run (null when it failed on its last attempt). */
  done: fxImportJobResult.nullable().optional(),
});
export type FxImportJobPayload = z.infer<typeof fxImportJobPayload>;

/** Fetches the provider's missing days; everything it needs is in the configuration. */
export const fxProviderSyncPayload = z.object({});

/** Every job enqueued through this contract, by name. */
export const jobContracts = {
  [FX_IMPORT_JOB]: fxImportJobPayload,
  [FX_PROVIDER_SYNC_JOB]: fxProviderSyncPayload,
} as const;

export type ContractJobName = keyof typeof jobContracts;
export type ContractJobPayload<N extends ContractJobName> = z.input<(typeof jobContracts)[N]>;

/** The producer side of the queue as this contract needs it (the worker's JobQueue fits). */
export type JobEnqueuer<Options, Tx> = {
  enqueue(name: string, payload: unknown, options?: Options, tx?: Tx): Promise<string | null>;
};

/** Enqueues a job of the contract: the name and its payload are checked together. */
export function triggerJob<N extends ContractJobName, Options, Tx>(
  queue: JobEnqueuer<Options, Tx>,
  name: N,
  payload: ContractJobPayload<N>,
  options?: Options,
  tx?: Tx,
): Promise<string | null> {
  return queue.enqueue(name, jobContracts[name].parse(payload), options, tx);
}
