import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';

export function logout(): Promise<unknown> {
  return api.post(pathOf(API_ROUTES.logout));
}

/** Revokes the token on the server, then forgets it here even if the call failed. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    retry: false,
    onSettled: () => {
      clearAuthToken('logout');
      queryClient.clear();
    },
  });
}
