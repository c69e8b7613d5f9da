import { useMutation } from '@tanstack/react-query';
import type { PasswordChange } from '@preciofab/shared/contracts/users';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export function changePassword(input: PasswordChange): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(pathOf(API_ROUTES.changePassword), input);
}

/** Changes your own password; the server signs out your other sessions. No list to refresh. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
