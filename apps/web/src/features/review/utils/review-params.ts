import { CATEGORIES, type Category } from '@preciofab/shared/catalogue';
import {
  REVIEW_REASONS,
  REVIEW_STATUSES,
  type ReviewReasonCode,
  type ReviewStatus,
} from '@preciofab/shared/review-hold';
import type { ReviewListParams } from '../api/get-reviews.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The queue's filters and page as the address holds them (a link or a reload keeps them); a value
 * the API would refuse reads as no filter. */
export function readReviewParams(params: URLSearchParams): ReviewListParams {
  const page = Number(params.get('page'));
  const vendor = params.get('vendor');
  return {
    status: oneOf<ReviewStatus>(REVIEW_STATUSES, params.get('status')) ?? 'pending',
    reason: oneOf<ReviewReasonCode>(REVIEW_REASONS, params.get('reason')),
    vendorId: vendor !== null && UUID.test(vendor) ? vendor : null,
    category: oneOf<Category>(CATEGORIES, params.get('category')),
    // Pages are counted from 0 in code, from 1 in the address.
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address after a change; any filter change goes back to the first page. */
export function writeReviewParams(
  previous: URLSearchParams,
  next: Partial<ReviewListParams>,
): URLSearchParams {
  const params = new URLSearchParams(previous);
  const set = (name: string, value: string | null) =>
    value === null ? params.delete(name) : params.set(name, value);
  if (next.status !== undefined) set('status', next.status === 'pending' ? null : next.status);
  if (next.reason !== undefined) set('reason', next.reason);
  if (next.vendorId !== undefined) set('vendor', next.vendorId);
  if (next.category !== undefined) set('category', next.category);
  const page = next.page ?? 0;
  set('page', page > 0 ? String(page + 1) : null);
  return params;
}
