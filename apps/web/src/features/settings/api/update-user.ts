import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedUser, UserUpdate } from '@preciofab/shared/contracts/users';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export type UserUpdateInput = { id: string; patch: UserUpdate };

export function updateUser({ id, patch }: UserUpdateInput): Promise<ManagedUser> {
  return api.patch<ManagedUser>(pathOf(API_ROUTES.updateUser, { id }), patch);
}

/** Role changes and (de)activation. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
