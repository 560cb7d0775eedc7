import { Group } from "@visx/group";
import type { ReactNode } from "react";
import type { ChartCursor } from "./chart-cursor";
import type { ChartLayout } from "./chart-layout";
import { ChartLegend } from "./chart-legend";
import type { ChartKey } from "./chart-types";

interface ChartSurfaceProps<K extends string> {
  keys: readonly ChartKey<K>[];
  label: string;
  /** The chart's measures (`useChartLayout`); its value axis' ticks are drawn as dashed grid lines under the plot. */
  layout: ChartLayout;
  cursor: ChartCursor;
  /** What is drawn over the grid (bars or lines, the cursor's mark, the axes), inside the plot's margins. */
  children: ReactNode;
  /** The hovered day's tooltip, over the SVG. */
  tooltip: ReactNode;
}

/**
 * The frame every time chart shares: legend, a focusable group read by the arrow keys (its hint for screen
 * readers), the SVG with the grid lines, and the tooltip.
 */
export function ChartSurface<K extends string>(props: ChartSurfaceProps<K>) {
  const { keys, label, cursor } = props;
  const { containerRef, hintId, describedBy, width, height, left, top, innerWidth, ticks, y } = props.layout;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <ChartLegend keys={keys} />
      <div
        ref={containerRef}
        role="group"
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={0}
        className="relative min-w-0 rounded-md outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        {...cursor.handlers}
      >
        <span id={hintId} className="sr-only">
          Use the left and right arrow keys to read the figures of each day.
        </span>
        <svg width={width} height={height} aria-hidden className="block touch-pan-y">
          <Group left={left} top={top}>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeDasharray="2 4" />
            ))}
            {props.children}
          </Group>
        </svg>
        {props.tooltip}
      </div>
    </div>
  );
}
