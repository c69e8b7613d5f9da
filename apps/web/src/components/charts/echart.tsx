import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, ECharts } from 'echarts/core';
import { useTheme } from '../../lib/use-theme.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { applyThemeColours, type ChartColours } from './theme-option.ts';
import './echart.css';

/** What a click on a point, cell, box or bar reports: the series and data index, and the item's
 * own value (whatever the option put in `data`, so callers can carry an observation id there). */
export type ChartClick = { seriesIndex: number; dataIndex: number; data: unknown; name: string };

type EChartProps = {
  option: EChartsCoreOption;
  /** Accessible name of the chart; charts are canvas, so the caller gives a text summary too. */
  label: string;
  height?: number;
  onItemClick?: (click: ChartClick) => void;
  testId?: string;
};

/** Colours come from the active theme's CSS variables, so charts follow light and dark. */
function themeColours(element: HTMLElement): ChartColours {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--color-text', '#1f2937'),
    muted: read('--color-text-muted', '#6b7280'),
    border: read('--color-border-strong', '#cbd5e1'),
    surface: read('--color-surface', '#ffffff'),
  };
}

/**
 * One ECharts canvas. ECharts itself is loaded on first use. Tooltips render as rich text in the
 * canvas: ECharts' HTML tooltips carry inline style attributes, which the console's CSP forbids.
 */
export function EChart({ option, label, height = 320, onItemClick, testId }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const clickHandler = useRef(onItemClick);
  const [ready, setReady] = useState(false);
  const { theme } = useTheme();
  clickHandler.current = onItemClick;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts-setup.ts').then(({ echarts }) => {
      if (disposed || !container.current) return;
      const instance = echarts.init(container.current, undefined, { renderer: 'canvas' });
      instance.on('click', (params) => {
        const item = params as { seriesIndex?: number; dataIndex?: number; data?: unknown; name?: string };
        clickHandler.current?.({
          seriesIndex: item.seriesIndex ?? 0,
          dataIndex: item.dataIndex ?? 0,
          data: item.data,
          name: item.name ?? '',
        });
      });
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(container.current);
      chart.current = instance;
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!ready || !instance || !container.current) return;
    const colours = themeColours(container.current);
    instance.setOption(
      {
        backgroundColor: 'transparent',
        textStyle: { color: colours.text },
        ...applyThemeColours(option, colours),
        tooltip: {
          renderMode: 'richText',
          backgroundColor: colours.surface,
          borderColor: colours.border,
          textStyle: { color: colours.text },
          ...(option.tooltip as object | undefined),
        },
      },
      { notMerge: true },
    );
  }, [option, ready, theme]);

  return (
    <div className="echart" style={{ height }} data-testid={testId} data-ready={ready}>
      <div ref={container} className="echart__canvas" role="img" aria-label={label} />
      {!ready && <Skeleton height={height} />}
    </div>
  );
}
