import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertChannelSettings,
  AlertChannelSettingsUpdate,
} from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export const ALERT_CHANNEL_SETTINGS_KEY = ['alerts', 'channel-settings'] as const;

export function getAlertChannelSettings(signal?: AbortSignal): Promise<AlertChannelSettings> {
  return api.get<AlertChannelSettings>(pathOf(API_ROUTES.getAlertChannelSettings), { signal });
}

export const alertChannelSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_CHANNEL_SETTINGS_KEY,
    queryFn: ({ signal }) => getAlertChannelSettings(signal),
  });

export function useAlertChannelSettings() {
  return useQuery(alertChannelSettingsQueryOptions());
}

export function updateAlertChannelSettings(body: AlertChannelSettingsUpdate): Promise<AlertChannelSettings> {
  return api.put<AlertChannelSettings>(pathOf(API_ROUTES.updateAlertChannelSettings), body);
}

/** Saves the caller's time zone and digest hour; the form shows a failure itself. */
export function useUpdateAlertChannelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertChannelSettings,
    meta: { silentErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(ALERT_CHANNEL_SETTINGS_KEY, saved),
  });
}
