import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PriceTimeline as Timeline } from '@preciofab/shared/contracts/prices';
import type { ChartClick } from '../../../components/charts/echart.tsx';
import prices from '../../../i18n/namespaces/prices.es-MX.json';
import { renderComponent, stubFetch, type FetchCall } from '../../../testing/render-component.tsx';
import { PriceTimeline } from './price-charts.tsx';

// ECharts draws on a canvas jsdom does not have: the chart stands in as one button per point,
// which clicks the point's data item as ECharts would hand it over.
vi.mock('../../../components/charts/echart.tsx', () => ({
  EChart: ({
    option,
    onItemClick,
  }: {
    option: { series: { data: { value: unknown[] }[] }[] };
    onItemClick?: (click: ChartClick) => void;
  }) => (
    <div>
      {option.series.flatMap((series, s) =>
        series.data.map((item, i) => (
          <button
            key={`${s}-${i}`}
            type="button"
            onClick={() => onItemClick?.({ seriesIndex: s, dataIndex: i, data: item, name: '' })}
          >
            {`point ${String(item.value[0])}`}
          </button>
        )),
      )}
    </div>
  ),
}));

const OFFER = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const timeline: Timeline = {
  total: 3,
  priced: 3,
  bucket: 'week',
  offers_total: 1,
  offers: [
    {
      offer_id: OFFER,
      observation_id: 'newest-of-offer',
      vendor_name: 'Norte',
      offer_name: 'FDM',
      base_unit: 'cm3',
      observations: 3,
    },
  ],
  series_limit: 8,
  series: [
    {
      offer_id: OFFER,
      points: [
        { at: '2026-11-02', value: 1.5, observations: 2 },
        { at: '2026-11-09', value: 2, observations: 1 },
      ],
    },
  ],
};

/** The timeline, and `point` for the click's question. */
const server = (point: (call: FetchCall) => { observation_id: string | null }) =>
  stubFetch((call) =>
    call.url.includes('/prices/timeline/point')
      ? { status: 200, body: point(call) }
      : { status: 200, body: timeline },
  );
const pointCalls = (calls: FetchCall[]) =>
  calls
    .filter((c) => c.url.includes('/prices/timeline/point'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('PriceTimeline', () => {
  it("asks the server for a clicked point's newest observation, under the list's filters, and opens it", async () => {
    const calls = server(() => ({ observation_id: 'clicked-week' }));
    const onOpen = vi.fn();
    const { user } = renderComponent(
      <PriceTimeline filters={{ search: 'fdm', currency: 'MXN' }} onOpen={onOpen} />,
    );
    await user.click(await screen.findByText('point 2026-11-09'));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('clicked-week'));
    const [asked] = pointCalls(calls);
    expect(Object.fromEntries(asked!)).toEqual({
      search: 'fdm',
      currency: 'MXN',
      offer_id: OFFER,
      at: '2026-11-09',
      bucket: 'week',
    });
  });

  it('says so when the point has no observation any more, and opens nothing', async () => {
    server(() => ({ observation_id: null }));
    const onOpen = vi.fn();
    const { user, toasts } = renderComponent(
      <PriceTimeline filters={{ search: '', currency: null }} onOpen={onOpen} />,
    );
    await user.click(await screen.findByText('point 2026-11-02'));
    await waitFor(() => expect(toasts().map((t) => t.message)).toContain(prices.charts.point_gone));
    expect(onOpen).not.toHaveBeenCalled();
  });
});
