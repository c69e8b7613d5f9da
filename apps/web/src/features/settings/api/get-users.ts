import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '@preciofab/shared/contracts/users';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { ManagedUser };

export function getUsers(signal?: AbortSignal): Promise<{ data: ManagedUser[] }> {
  return api.get<{ data: ManagedUser[] }>(pathOf(API_ROUTES.listUsers), { signal });
}

export const USERS_QUERY_KEY = ['users', 'list'] as const;

export const usersQueryOptions = () =>
  queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: ({ signal }) => getUsers(signal) });

/** Admins only: the card is not rendered for anyone else, so the query never runs for them. */
export function useUsers() {
  return useQuery(usersQueryOptions());
}
