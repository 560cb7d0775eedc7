import { Group } from "@visx/group";
import { Area } from "@visx/shape";
import { Fragment } from "react";
import type { ChartDatum } from "./chart-types";

/**
 * A difference between two lines, filled in its key's colour wherever it is not zero (a reserve
 * beside a liability, say). Its key is listed in the legend, the tooltip and the table, not drawn as
 * a line. Under the plot, a strip in the same colour marks every point where it is not zero, so that
 * a difference too small to see at the chart's scale still shows.
 */
export interface LineBand<K extends string> {
  /** The key whose value is the difference (zero where the lines meet). */
  key: K;
  /** The two lines it fills between. */
  between: readonly [K, K];
}

/** Pixels of the strip that marks a band's points under the plot: its height, and its widest (a lone point). */
const STRIP_HEIGHT = 4;
const STRIP_MAX_WIDTH = 16;

export interface LineBandShapeProps<K extends string> {
  band: LineBand<K>;
  data: readonly ChartDatum<K>[];
  color: string;
  /** A point's x and a value's y in the plot. */
  x: (datum: ChartDatum<K>) => number;
  y: (value: number) => number;
  /** Pixels between two points. */
  step: number;
  innerHeight: number;
}

/**
 * The band of a line chart: the area between the two lines over each run of points that differ, a
 * line between them at a point that differs alone (an area of one point has no width), and the strip
 * under the plot.
 */
export function LineBandShape<K extends string>({ band, data, color, x, y, step, innerHeight }: LineBandShapeProps<K>) {
  const differs = (index: number) => {
    const datum = data[index];
    return datum !== undefined && datum.values[band.key] !== 0;
  };
  const [first, second] = band.between;
  const strip = Math.min(Math.max(step, 2), STRIP_MAX_WIDTH);
  return (
    <Group>
      <Area<ChartDatum<K>>
        data={[...data]}
        x={x}
        y0={(datum) => y(datum.values[first])}
        y1={(datum) => y(datum.values[second])}
        defined={(datum) => datum.values[band.key] !== 0}
        style={{ fill: color, fillOpacity: 0.3 }}
        data-testid="band-area"
      />
      {data.map((datum, index) =>
        differs(index) ? (
          <Fragment key={datum.date}>
            {differs(index - 1) || differs(index + 1) ? null : (
              <line
                x1={x(datum)}
                x2={x(datum)}
                y1={y(datum.values[first])}
                y2={y(datum.values[second])}
                strokeWidth={3}
                style={{ stroke: color, strokeOpacity: 0.6 }}
                data-testid={`band-line-${datum.date}`}
              />
            )}
            <rect
              x={x(datum) - strip / 2}
              width={strip}
              y={innerHeight - STRIP_HEIGHT}
              height={STRIP_HEIGHT}
              style={{ fill: color }}
              data-testid={`band-${datum.date}`}
            />
          </Fragment>
        ) : null,
      )}
    </Group>
  );
}
