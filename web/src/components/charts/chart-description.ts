import { createContext, useContext } from "react";

/** The id of the summary of the `ChartFrame` a chart sits in: the chart names it as its description. */
export const ChartDescriptionContext = createContext<string | undefined>(undefined);

/** `aria-describedby` for a chart: its frame's summary, then its own `hintId`. */
export function useChartDescription(hintId: string): string {
  const summaryId = useContext(ChartDescriptionContext);
  return summaryId ? `${summaryId} ${hintId}` : hintId;
}
