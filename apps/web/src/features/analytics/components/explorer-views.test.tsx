import { screen } from '@testing-library/react';
import type { ObservationBoxPlot } from '@preciofab/shared/contracts/observation-views';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/namespaces/analytics.en-US.json';
import es from '../../../i18n/namespaces/analytics.es-MX.json';
import { renderComponent } from '../../../testing/render-component.tsx';
import { INITIAL_EXPLORER } from '../utils/explorer-state.ts';
import { BoxPlotView } from './explorer-views.tsx';

// The chart itself is an ECharts canvas, which jsdom cannot draw: its accessible label stands in.
vi.mock('../../../components/charts/echart.tsx', () => ({
  EChart: ({ label, testId }: { label: string; testId?: string }) => <div data-testid={testId}>{label}</div>,
}));

const result = (approximate: ObservationBoxPlot['approximate']): ObservationBoxPlot => ({
  total: 91_377,
  measured: 91_377,
  groups: [
    {
      key: { value: 'fdm', label: null },
      base_unit: 'cm3',
      observations: 33_720,
      min: 0.036,
      q1: 0.12,
      median: 0.17,
      q3: 0.23,
      max: 0.39,
      outliers_total: 64,
      outliers: [{ observation_id: 'a', value: 0.45 }],
      observation_id: 'newest',
    },
  ],
  groups_total: 1,
  group_limit: 30,
  outlier_limit: 50,
  approximate,
});

const state = { ...INITIAL_EXPLORER, view: 'boxplot' as const };

describe('BoxPlotView', () => {
  it('marks a box plot read from the histogram as approximate, with the bound, in both languages', () => {
    for (const [language, texts, locale] of [
      ['es', es, 'es-MX'],
      ['en', en, 'en-US'],
    ] as const) {
      const { unmount } = renderComponent(
        <BoxPlotView result={result({ relative_error: 0.004988 })} state={state} onOpen={() => {}} />,
        { language },
      );
      const mark = screen.getByTestId('view-approx');
      const abbr = mark.querySelector('abbr')!;
      expect(abbr.textContent, language).toBe(texts.coverage.approx);
      const bound = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        0.004988,
      );
      expect(abbr.title, language).toContain(bound);
      expect(abbr.title, language).not.toContain('{error}');
      expect(mark.textContent, language).toContain(bound);
      unmount();
    }
  });

  it('says nothing of the kind for an exact box plot', () => {
    renderComponent(<BoxPlotView result={result(null)} state={state} onOpen={() => {}} />, {
      language: 'en',
    });
    expect(screen.getByTestId('chart-boxplot')).toBeTruthy();
    expect(screen.queryByTestId('view-approx')).toBeNull();
    expect(screen.getByTestId('view-coverage').textContent).not.toContain(en.coverage.approx);
  });
});
