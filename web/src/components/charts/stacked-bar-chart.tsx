import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack } from "@visx/shape";
import { useId } from "react";
import { DateAxis, ValueAxis } from "./chart-axes";
import { formatDay, formatDayWithYear, spreadTicks } from "./chart-format";
import { useChartDescription } from "./chart-description";
import { ChartSurface } from "./chart-surface";
import { ChartTooltip } from "./chart-tooltip";
import type { ChartDatum, ChartKey, ValueFormatter } from "./chart-types";
import { useChartCursor } from "./chart-cursor";
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

export interface StackedBarChartProps<K extends string> extends TimeChartProps<K> {
  /** The tooltip's last row, the sum of the keys (default "Total"). */
  totalLabel?: string;
}

export const CHART_MARGIN = { top: 12, right: 12, bottom: 28 } as const;
const MAX_BAR_WIDTH = 48;
/** Pixels per axis label character (11 px tabular figures), to size the left margin. */
const LABEL_CHAR_WIDTH = 6.6;

/** The left axis's ticks and the margin their labels need. */
export function valueAxis(max: number, formatValue: ValueFormatter, innerHeight: number) {
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(4);
  const widest = Math.max(...ticks.map((tick) => formatValue(tick).length));
  return { y, ticks, left: Math.max(28, Math.ceil(widest * LABEL_CHAR_WIDTH) + 12) };
}

/**
 * Bars over days, each stacked by key (earnings by way of paying, say). Draws at its container's
 * width; hover or the arrow keys show a day's figures in a tooltip.
 */
export function StackedBarChart<K extends string>({
  data,
  keys,
  label,
  formatValue,
  formatDate = formatDay,
  height = 240,
  totalLabel = "Total",
}: StackedBarChartProps<K>) {
  const hintId = useId();
  const describedBy = useChartDescription(hintId);
  const { ref, width } = useElementWidth<HTMLDivElement>(320);
  const innerHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const totals = data.map((datum) => keys.reduce((sum, item) => sum + datum.values[item.key], 0));
  const { y, ticks, left } = valueAxis(Math.max(0, ...totals), formatValue, innerHeight);
  const innerWidth = Math.max(10, width - left - CHART_MARGIN.right);
  // Thin gaps between many bars; bars no wider than MAX_BAR_WIDTH when there are few.
  const slot = innerWidth / Math.max(1, data.length);
  const x = scaleBand<string>({
    domain: data.map((datum) => datum.date),
    range: [0, innerWidth],
    padding: Math.min(0.8, Math.max(data.length > 60 ? 0.1 : 0.25, 1 - MAX_BAR_WIDTH / slot)),
  });
  const step = x.step();
  const cursor = useChartCursor(data.length, (px) => Math.floor((px - left - x.paddingOuter() * step) / step));
  const active = cursor.index === null ? null : data[cursor.index];
  const dateTicks = spreadTicks(
    data.map((datum) => datum.date),
    Math.max(2, Math.floor(innerWidth / 72)),
  );

  return (
    <ChartSurface
      keys={keys}
      label={label}
      containerRef={ref}
      hintId={hintId}
      describedBy={describedBy}
      cursor={cursor}
      width={width}
      height={height}
      left={left}
      top={CHART_MARGIN.top}
      innerWidth={innerWidth}
      ticks={ticks}
      y={y}
      tooltip={
        active && cursor.index !== null ? (
          <ChartTooltip
            x={left + (x(active.date) ?? 0) + x.bandwidth() / 2}
            width={width}
            title={formatDayWithYear(active.date)}
            rows={keys.map((item) => ({
              label: item.label,
              color: item.color,
              value: active.display?.[item.key] ?? formatValue(active.values[item.key]),
            }))}
            total={{ label: totalLabel, value: active.display?.total ?? formatValue(totals[cursor.index] ?? 0) }}
          />
        ) : null
      }
    >
      {active ? (
        <rect
          x={(x(active.date) ?? 0) - (step - x.bandwidth()) / 2}
          width={step}
          y={0}
          height={innerHeight}
          className="fill-foreground/5"
        />
      ) : null}
      <BarStack<ChartDatum<K>, K>
        data={[...data]}
        keys={keys.map((item) => item.key)}
        value={(datum, key) => datum.values[key]}
        x={(datum) => datum.date}
        xScale={x}
        yScale={y}
        color={(key) => keys.find((item) => item.key === key)?.color ?? "currentColor"}
      >
        {(stacks) =>
          stacks.map((stack) =>
            stack.bars.map((bar) =>
              bar.height > 0 ? (
                <rect
                  key={`${stack.index}-${bar.index}`}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  style={{ fill: bar.color }}
                  data-testid={`bar-${bar.key}-${bar.bar.data.date}`}
                />
              ) : null,
            ),
          )
        }
      </BarStack>
      <ValueAxis ticks={ticks} y={y} format={formatValue} />
      <DateAxis
        dates={dateTicks}
        x={(date) => (x(date) ?? 0) + x.bandwidth() / 2}
        top={innerHeight}
        width={innerWidth}
        format={formatDate}
      />
    </ChartSurface>
  );
}
