import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ManagedUser, userCreateBody } from '@preciofab/shared/contracts/users';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export type UserCreateInput = z.input<typeof userCreateBody>;

export function createUser(input: UserCreateInput): Promise<ManagedUser> {
  return api.post<ManagedUser>(pathOf(API_ROUTES.createUser), input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
