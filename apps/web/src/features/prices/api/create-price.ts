import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { priceCreateBody, PriceRow } from '@preciofab/shared/contracts/prices';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { PRICES_QUERY_KEY } from './get-prices.ts';

export type PriceCreateInput = z.input<typeof priceCreateBody>;

export function createPrice(input: PriceCreateInput): Promise<PriceRow> {
  return api.post<PriceRow>(pathOf(API_ROUTES.createPrice), input);
}

/** Records a price; the price and observation lists and the dashboard counts are fetched again. */
export function useCreatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrice,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PRICES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['prices', 'history'] }),
        queryClient.invalidateQueries({ queryKey: ['observations'] }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}
