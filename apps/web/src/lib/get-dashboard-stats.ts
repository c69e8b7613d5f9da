import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@preciofab/shared/contracts/stats';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from './api-client.ts';

export type { DashboardStats };
export type ActivityItem = DashboardStats['recent_activity'][number];

/** Spec §9: refetched every 30 s. The dashboard shows it and analytics reads two totals from it:
 * one cache entry, one set of invalidations. */
export const DASHBOARD_REFETCH_MS = 30_000;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>(pathOf(API_ROUTES.getDashboardStats), { signal });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'dashboard'],
    queryFn: ({ signal }) => getDashboardStats(signal),
    refetchInterval: DASHBOARD_REFETCH_MS,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
