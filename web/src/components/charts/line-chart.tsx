import { Group } from "@visx/group";
import { scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { DateAxis, ValueAxis } from "./chart-axes";
import { formatDay, formatDayWithYear } from "./chart-format";
import { type TimeChartProps, useChartLayout } from "./chart-layout";
import { ChartSurface } from "./chart-surface";
import { type LineBand, LineBandShape } from "./line-band";
import { ChartTooltip, tooltipRows } from "./chart-tooltip";
import type { ChartDatum, ChartKey } from "./chart-types";
import { useChartCursor } from "./chart-cursor";

export interface LineChartProps<K extends string> extends TimeChartProps<K> {
  /** The difference between two of the lines, filled in its key's colour where it is not zero (`LineBand`). */
  band?: LineBand<K>;
  /** The tooltip's title for a point (default "Mar 4, 2026"; points by the hour want the hour). */
  formatTitle?: (date: string) => string;
}

/**
 * One line per key over days (plays and downloads, say). Draws at its container's width; hover or
 * the arrow keys show a day's figures in a tooltip. A series of one day is drawn as dots.
 */
export function LineChart<K extends string>({
  data,
  keys,
  label,
  formatValue,
  formatDate = formatDay,
  formatTitle = formatDayWithYear,
  height = 240,
  band,
}: LineChartProps<K>) {
  const lines: readonly ChartKey<K>[] = band ? keys.filter((item) => item.key !== band.key) : keys;
  const bandColor = band ? (keys.find((item) => item.key === band.key)?.color ?? "currentColor") : "currentColor";
  const max = Math.max(0, ...data.flatMap((datum) => lines.map((item) => datum.values[item.key])));
  const layout = useChartLayout(data, max, formatValue, height);
  const { width, left, innerWidth, innerHeight, y, ticks } = layout;
  const x = scalePoint<string>({ domain: data.map((datum) => datum.date), range: [0, innerWidth], padding: 0.5 });
  const step = x.step();
  const cursor = useChartCursor(data, (px) => Math.round((px - left - (x(data[0]?.date ?? "") ?? 0)) / (step || 1)));
  const { active } = cursor;
  const at = (datum: ChartDatum<K>) => x(datum.date) ?? 0;
  const dots = data.length <= 31;

  return (
    <ChartSurface
      keys={keys}
      label={label}
      layout={layout}
      cursor={cursor}
      tooltip={
        active ? (
          <ChartTooltip
            x={left + at(active)}
            width={width}
            title={formatTitle(active.date)}
            rows={tooltipRows(keys, active, formatValue)}
          />
        ) : null
      }
    >
      {band ? <LineBandShape band={band} data={data} color={bandColor} x={at} y={y} step={step} innerHeight={innerHeight} /> : null}
      {active ? <line x1={at(active)} x2={at(active)} y1={0} y2={innerHeight} className="stroke-muted-foreground/60" /> : null}
      {lines.map((item) => (
        <Group key={item.key}>
          <LinePath<ChartDatum<K>>
            data={[...data]}
            x={at}
            y={(datum) => y(datum.values[item.key])}
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            style={{ stroke: item.color, fill: "none" }}
            data-testid={`line-${item.key}`}
          />
          {data.map((datum) =>
            dots || datum === active ? (
              <circle
                key={datum.date}
                cx={at(datum)}
                cy={y(datum.values[item.key])}
                r={datum === active ? 4 : 2.5}
                style={{ fill: item.color }}
                className="stroke-card"
                strokeWidth={datum === active ? 2 : 0}
              />
            ) : null,
          )}
        </Group>
      ))}
      <ValueAxis ticks={ticks} y={y} format={formatValue} />
      <DateAxis dates={layout.dateTicks} x={(date) => x(date) ?? 0} top={innerHeight} width={innerWidth} format={formatDate} />
    </ChartSurface>
  );
}
