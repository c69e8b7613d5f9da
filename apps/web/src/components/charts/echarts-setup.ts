/**
 * The only module that imports ECharts: the chart types and components the console uses,
 * registered on the tree-shaken core. Loaded on demand by <EChart>, so no screen pays for it at
 * start (spec issue: initial JavaScript for / at most 170 KB gzipped).
 */
import { BoxplotChart, HeatmapChart, LineChart, RadarChart, ScatterChart, BarChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
  DatasetComponent,
  TitleComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  BoxplotChart,
  HeatmapChart,
  LineChart,
  RadarChart,
  ScatterChart,
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
