import { scaleBand } from "@visx/scale";
import { BarStack } from "@visx/shape";
import { DateAxis, ValueAxis } from "./chart-axes";
import { formatDay, formatDayWithYear } from "./chart-format";
import { type TimeChartProps, useChartLayout } from "./chart-layout";
import { ChartSurface } from "./chart-surface";
import { ChartTooltip, tooltipRows } from "./chart-tooltip";
import type { ChartDatum } from "./chart-types";
import { useChartCursor } from "./chart-cursor";

export interface StackedBarChartProps<K extends string> extends TimeChartProps<K> {
  /** The tooltip's last row, the sum of the keys (default "Total"). */
  totalLabel?: string;
}

const MAX_BAR_WIDTH = 48;

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
  const totals = data.map((datum) => keys.reduce((sum, item) => sum + datum.values[item.key], 0));
  const layout = useChartLayout(data, Math.max(0, ...totals), formatValue, height);
  const { width, left, innerWidth, innerHeight, y, ticks } = layout;
  // Thin gaps between many bars; bars no wider than MAX_BAR_WIDTH when there are few.
  const slot = innerWidth / Math.max(1, data.length);
  const x = scaleBand<string>({
    domain: data.map((datum) => datum.date),
    range: [0, innerWidth],
    padding: Math.min(0.8, Math.max(data.length > 60 ? 0.1 : 0.25, 1 - MAX_BAR_WIDTH / slot)),
  });
  const step = x.step();
  const cursor = useChartCursor(data, (px) => Math.floor((px - left - x.paddingOuter() * step) / step));
  const { active } = cursor;

  return (
    <ChartSurface
      keys={keys}
      label={label}
      layout={layout}
      cursor={cursor}
      tooltip={
        active && cursor.index !== null ? (
          <ChartTooltip
            x={left + (x(active.date) ?? 0) + x.bandwidth() / 2}
            width={width}
            title={formatDayWithYear(active.date)}
            rows={tooltipRows(keys, active, formatValue)}
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
        dates={layout.dateTicks}
        x={(date) => (x(date) ?? 0) + x.bandwidth() / 2}
        top={innerHeight}
        width={innerWidth}
        format={formatDate}
      />
    </ChartSurface>
  );
}
