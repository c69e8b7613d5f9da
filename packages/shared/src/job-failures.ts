import { z } from 'zod';
import type { Language } from './catalogue.ts';
import { translate } from './i18n/messages.ts';

/**
 * Why a background job failed (a report's generation, a crawl run, a rate import, a benchmark
 * calculation), as codes the console says in the reader's language: the texts are
 * `failures.<code>` in the shared messages, written to follow "… failed: ". The technical text
 * (Node's, PostgreSQL's or the browser's words, in English) is kept apart as a detail, shown folded
 * beneath. The worker classifies what it caught (apps/worker/src/jobs/job-failure.ts) and stores the
 * code where the failure is recorded: the report's `error_code`, the crawl run's error entry, the
 * job's `last_error` as a note. Texts stored before the codes existed read as `unknown`, with the
 * text as their detail.
 */
export const FAILURE_CODES = [
  /** It took longer than it may (a statement or lock timeout, an import's time budget). */
  'timeout',
  /** A report's file took longer to write than its budget: `{seconds}`. */
  'time_budget',
  /** A report's file would be larger than its budget: `{size}` ("50 MB"). */
  'size_budget',
  /** The database could not be reached (refused, reset, shut down, too many connections). */
  'database_unavailable',
  /** The database refused an operation (a constraint, a statement it could not run). */
  'database_error',
  /** The browser that renders pages could not be started, or closed while in use. */
  'browser_unavailable',
  /** The disk is full or a file could not be written. */
  'storage',
  /** The process ran out of memory. */
  'out_of_memory',
  /** Someone or something cancelled it. */
  'cancelled',
  /** The worker stopped (a restart, a crash) before it finished, on its last attempt. */
  'interrupted',
  /** What it was asked to do is not valid (a report's stored parameters, a file with errors). */
  'invalid_input',
  /** Anything else. */
  'unknown',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** Values a failure's text names ({seconds}, {size}). */
export const failureValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type FailureValues = z.infer<typeof failureValuesSchema>;

export const failureSchema = z.object({
  code: z.enum(FAILURE_CODES),
  values: failureValuesSchema.optional(),
  /** The technical text, as the process that failed said it. */
  detail: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** The longest detail kept: a stack of causes can be long, the reader needs its first lines. */
export const FAILURE_DETAIL_MAX = 2000;

const PREFIX = 'failure:';

/** A failure as one text: what a job hands its final-failure hook and leaves in `jobs.last_error`. */
export const failureNote = (failure: Failure): string =>
  PREFIX +
  JSON.stringify(
    failure.detail === undefined
      ? failure
      : { ...failure, detail: failure.detail.slice(0, FAILURE_DETAIL_MAX) },
  );

/** The failure a note records, or null when the text is not one. */
export function parseFailureNote(text: string): Failure | null {
  if (!text.startsWith(PREFIX)) return null;
  try {
    const parsed = failureSchema.safeParse(JSON.parse(text.slice(PREFIX.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a technical text says went wrong, by its words: for a job that failed with text only (a
 * lost worker's last error, an older row). First match wins: a statement timeout is a timeout
 * before it is a cancellation. */
const TEXT_CODES: ReadonlyArray<[RegExp, FailureCode]> = [
  [/worker stopped before the job finished/i, 'interrupted'],
  [/^invalid (parameters|payload)\b/i, 'invalid_input'],
  [/\bENOSPC\b|no space left|disk full|could not extend file|\bEDQUOT\b|\bEROFS\b/i, 'storage'],
  [/out of memory|ERR_WORKER_OUT_OF_MEMORY|allocation failed/i, 'out_of_memory'],
  [
    /statement timeout|lock timeout|\bETIMEDOUT\b|timed? ?out|took longer than|did not (answer|finish) within/i,
    'timeout',
  ],
  [
    /browserType\.launch|executable doesn't exist|browser has been closed|target (page, context or browser )?(has been )?closed|browser (closed|disconnected)/i,
    'browser_unavailable',
  ],
  [
    /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b|connection terminated|not queryable|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|too many clients|sorry, too many clients|could not connect to (the )?(server|database)/i,
    'database_unavailable',
  ],
  [/\bcancel(l)?ed\b|\bcanceling\b|\baborted\b|AbortError/i, 'cancelled'],
  [
    /violates .*constraint|duplicate key value|deadlock detected|could not serialize|relation "[^"]+" does not exist|column "[^"]+" does not exist|syntax error at or near/i,
    'database_error',
  ],
];

/** The code a technical text names; `unknown` when it names none. */
export function classifyFailureText(text: string): FailureCode {
  return TEXT_CODES.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
}

/** The failure a stored text records: a note as written, or a text from before the codes (or one
 * a job gave without a note), read by its words and kept whole as the detail. */
export function readFailure(text: string): Failure {
  const parsed = parseFailureNote(text);
  if (parsed) return parsed;
  return { code: classifyFailureText(text), detail: text.slice(0, FAILURE_DETAIL_MAX) };
}

/** The failure a stored row records: its code when it has one; a row from before the codes (a
 * free text, or nothing) is `unknown`, its text kept as the detail. */
export function storedFailure(
  code: string | null | undefined,
  detail: string | null | undefined,
  values?: FailureValues | null,
): Failure {
  const known = FAILURE_CODES.find((c) => c === code);
  return {
    code: known ?? 'unknown',
    ...(values && Object.keys(values).length > 0 ? { values } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** The catalogue key of a failure's reason: what a pipeline message or an activity entry passes as
 * `reason_key` (or `name_key`), so each reader gets it in their language. */
export const failureReasonKey = (failure: Pick<Failure, 'code'>): string => `failures.${failure.code}`;

/** Why it failed, in words in `lang` ("no se pudo conectar con la base de datos"). */
export const failureReasonText = (lang: Language, failure: Pick<Failure, 'code' | 'values'>): string =>
  translate(lang, failureReasonKey(failure), failure.values ?? {});

/** The values a pipeline message or an activity entry carries to name a failure by its key. */
export const failureMessageValues = (
  failure: Failure,
  name: 'reason' | 'name' = 'reason',
): Record<string, string | number> => ({ ...failure.values, [`${name}_key`]: failureReasonKey(failure) });
