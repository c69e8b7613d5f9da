import { FetchError } from '@preciofab/fetch/fetch-error';
import {
  classifyErrorText,
  errnoCode,
  issueNote,
  type DiscoveryErrorCode,
  type DiscoveryErrorIssue,
  type DiscoveryItem,
} from '@preciofab/shared/discovery-issues';
import { errorMessage } from './fetch-port.ts';

/** A failure of a discovery run that is not a fetch's: what was read cannot be used, or the source
 * is not configured for its type. */
export class DiscoveryError extends Error {
  readonly code: DiscoveryErrorCode;
  constructor(code: DiscoveryErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DiscoveryError';
    this.code = code;
  }
}

const errnoOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** Why `error` happened, as a code: a DiscoveryError's or FetchError's own (a fetch's `network`
 * told apart by the Node error behind it: DNS, refused, reset, TLS, timeout), else what its words
 * say. Collectors wrap what they catch with their context, so the whole cause chain is read. */
export function errorCode(error: unknown): { code: DiscoveryErrorCode; status?: number } {
  let network = false;
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 8; depth++, e = e.cause) {
    if (e instanceof DiscoveryError) return { code: e.code };
    if (e instanceof FetchError && e.code !== 'network') {
      return e.code === 'http_status' && e.status !== undefined
        ? { code: e.code, status: e.status }
        : { code: e.code };
    }
    if (e instanceof FetchError) network = true;
    const errno = errnoOf(e);
    const byErrno = errno === undefined ? null : errnoCode(errno);
    if (byErrno) return { code: byErrno };
  }
  const byText = classifyErrorText(errorMessage(error));
  return network && byText.code === 'other' ? { code: 'network' } : byText;
}

/** The issue of an item that could not be read, with the technical text as its detail. */
export function errorIssue(error: unknown, item: DiscoveryItem, url?: string): DiscoveryErrorIssue {
  return {
    kind: 'error',
    ...errorCode(error),
    item,
    ...(url === undefined ? {} : { url }),
    detail: errorMessage(error),
  };
}

/** The note a run keeps for an item it went on without. */
export const errorNote = (error: unknown, item: DiscoveryItem, url?: string): string =>
  issueNote(errorIssue(error, item, url));
