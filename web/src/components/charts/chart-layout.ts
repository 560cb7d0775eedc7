import { scaleLinear } from "@visx/scale";
import { useId } from "react";
import { useChartDescription } from "./chart-description";
import { spreadTicks } from "./chart-format";
import type { ChartDatum, ChartKey, ValueFormatter } from "./chart-types";
import { useElementWidth } from "./use-element-width";

export interface TimeChartProps<K extends string> {
  data: readonly ChartDatum<K>[];
  keys: readonly ChartKey<K>[];
  /** Names the chart for screen readers (its figures are in the frame's summary and table). */
  label: string;
  /** The axis ticks, and the tooltip's values where a point has no `display` text. */
  formatValue: ValueFormatter;
  /** The bottom axis's day labels (default "Mar 4", UTC). */
  formatDate?: (date: string) => string;
  /** The plot's height in pixels (the width follows the container). */
  height?: number;
}

const CHART_MARGIN = { top: 12, right: 12, bottom: 28 } as const;
/** Pixels per axis label character (11 px tabular figures), to size the left margin. */
const LABEL_CHAR_WIDTH = 6.6;
/** Pixels a day label of the bottom axis needs. */
const DATE_TICK_WIDTH = 72;

/** The left axis's ticks and the margin their labels need. */
function valueAxis(max: number, formatValue: ValueFormatter, innerHeight: number) {
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(4);
  const widest = Math.max(...ticks.map((tick) => formatValue(tick).length));
  return { y, ticks, left: Math.max(28, Math.ceil(widest * LABEL_CHAR_WIDTH) + 12) };
}

export type ChartLayout = ReturnType<typeof useChartLayout>;

/**
 * What every time chart measures before it draws: its width (from its container), the plot's box inside
 * the margins, the value axis up to `max` (its labels decide the left margin), the days the bottom axis
 * labels, and the ids its description needs.
 */
export function useChartLayout<K extends string>(data: readonly ChartDatum<K>[], max: number, formatValue: ValueFormatter, height: number) {
  const hintId = useId();
  const describedBy = useChartDescription(hintId);
  const { ref, width } = useElementWidth<HTMLDivElement>(320);
  const innerHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const { y, ticks, left } = valueAxis(max, formatValue, innerHeight);
  const innerWidth = Math.max(10, width - left - CHART_MARGIN.right);
  const dateTicks = spreadTicks(
    data.map((datum) => datum.date),
    Math.max(2, Math.floor(innerWidth / DATE_TICK_WIDTH)),
  );
  return {
    hintId,
    describedBy,
    containerRef: ref,
    width,
    height,
    top: CHART_MARGIN.top,
    left,
    innerWidth,
    innerHeight,
    y,
    ticks,
    dateTicks,
  };
}
