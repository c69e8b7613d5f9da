import type { Translate } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { toast } from '../../../lib/toast-store.ts';

/** A failed action's toast. Session, permission, server and network failures get the spec §8
 * call-level text (the store drops it when the global handler already showed it); a request the
 * server refused gives its reason (e.g. an inactive source); anything else the action's text. */
export function toastMutationError(error: unknown, fallback: string, t: Translate): void {
  if (!(error instanceof ApiError) || error.isNetworkError || [401, 403].includes(error.status)) {
    toast.error(describeApiError(error, t));
  } else if (error.status >= 500) {
    toast.error(describeApiError(error, t));
  } else {
    toast.error(error.detail || fallback);
  }
}
