import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody, loginOperation } from '@preciofab/shared/contracts/auth';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { setAuthToken } from '../../../lib/auth-token.ts';

export type LoginInput = z.output<typeof loginBody>;
export type LoginResponse = z.output<typeof loginOperation.response>;

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>(pathOf(API_ROUTES.login), input);
}

/** Signs in; on success the token is stored and the route guard leaves /login. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A wrong password is shown by the form, not as a 'session expired' toast.
    meta: { silentErrors: true },
    onSuccess: (response) => {
      // Nothing cached for an earlier user may show to this one.
      queryClient.clear();
      setAuthToken(response.access_token);
    },
  });
}
