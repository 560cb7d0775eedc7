/**
 * The charts' axes: tick labels only (no tick marks), drawn as plain SVG text. Written here rather
 * than taken from @visx/axis, whose text component brings a CSS calc() evaluator (~7 kB gzip) that
 * these labels never need.
 */

const LABEL = "fill-muted-foreground text-[11px] tabular-nums";

export interface ValueAxisProps {
  ticks: readonly number[];
  /** Maps a value to its y in the plot. */
  y: (value: number) => number;
  format: (value: number) => string;
}

/** The value labels, right-aligned left of the plot, each at its value's height. */
export function ValueAxis({ ticks, y, format }: ValueAxisProps) {
  return (
    <g>
      {ticks.map((tick) => (
        <text key={tick} x={-8} y={y(tick)} dy="0.32em" textAnchor="end" className={LABEL}>
          {format(tick)}
        </text>
      ))}
    </g>
  );
}

export interface DateAxisProps {
  /** The dates labelled (a spread of the series' dates). */
  dates: readonly string[];
  /** Maps a date to its x (the middle of its bar or its point) in the plot. */
  x: (date: string) => number;
  /** The plot's height: the axis line and labels go under it. */
  top: number;
  width: number;
  format: (date: string) => string;
}

/** Pixels per label character (11 px), to keep the first and last labels inside the chart. */
const CHAR_WIDTH = 6.6;

/**
 * The baseline under the plot and the date labels centred under their days; a label that would run
 * past either end of the plot is aligned to its day's side instead.
 */
export function DateAxis({ dates, x, top, width, format }: DateAxisProps) {
  return (
    <g transform={`translate(0, ${top})`}>
      <line x1={0} x2={width} y1={0} y2={0} className="stroke-border" />
      {dates.map((date) => {
        const text = format(date);
        const at = x(date);
        const half = (text.length * CHAR_WIDTH) / 2;
        const anchor = at + half > width ? "end" : at - half < 0 ? "start" : "middle";
        return (
          <text key={date} x={at} y={16} textAnchor={anchor} className={LABEL}>
            {text}
          </text>
        );
      })}
    </g>
  );
}
