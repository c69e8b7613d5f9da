import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { meOperation } from '@preciofab/shared/contracts/auth';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from './api-client.ts';

export type Me = z.output<typeof meOperation.response>;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>(pathOf(API_ROUTES.me), { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => getMe(signal) });

/** The signed-in user, for the shell and any screen (one cached answer); a 401 here ends the
 * session through the API client. */
export function useMe() {
  return useQuery(meQueryOptions());
}
