import { useMutation } from '@tanstack/react-query';
import type { TargetPreview, TargetPreviewInput } from '@preciofab/shared/contracts/targets';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { TargetPreview };

/** What the crawler would read at a URL, before the target is saved. Saves nothing. */
export function previewTarget(input: TargetPreviewInput): Promise<TargetPreview> {
  return api.post<TargetPreview>(pathOf(API_ROUTES.previewTarget), input);
}

/** The form's Test button. Nothing to invalidate, since nothing changes; a failure shows in the
 * form, where the page's error code is translated, not in a toast. */
export function usePreviewTarget() {
  return useMutation({ mutationFn: previewTarget, meta: { silentErrors: true } });
}
