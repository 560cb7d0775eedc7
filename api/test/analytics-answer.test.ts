// The creator's figures from the rollups' rows (analyticsAnswer): the order of the per-loop table and
// exact sums, whatever their size. The rows come from the database in analytics.test.ts; here they
// are written by hand to reach the edges (amounts past 2^53, ties).
import { describe, expect, it } from "vitest";
import { analyticsAnswer, type LoopRow } from "../src/features/analytics/analytics.service";

const ZERO_OFFERS = { offers_received: "0", offers_accepted: "0", offers_declined: "0", offers_withdrawn: "0", offers_expired: "0" };

function loopRow(id: string, title: string, figures: Partial<Pick<LoopRow, "sales" | "units" | "cents" | "plays">>): LoopRow {
  return { id, title, plays: "0", downloads: "0", refunds: "0", sales: "0", units: "0", cents: "0", ...ZERO_OFFERS, ...figures };
}

/** A day's row as the statement gives it: every counter as text, zero unless given. */
function dayRow(date: string, counters: Record<string, string>) {
  return { date, plays: "0", downloads: "0", refunds: "0", ...ZERO_OFFERS, ...counters };
}

describe("analyticsAnswer", () => {
  it("orders the loops by earnings, then sales, then plays, then title", () => {
    const answer = analyticsAnswer(
      "all",
      "2026-11-01",
      "2026-11-02",
      [],
      [
        loopRow("c", "Cello", { units: "100", sales: "1", plays: "5" }),
        loopRow("big", "Big", { units: "90071992547409930", sales: "2" }),
        loopRow("a", "Alpha", { units: "100", sales: "1", plays: "5" }),
        loopRow("more-sales", "Zed", { units: "100", sales: "3" }),
        loopRow("more-plays", "Yak", { units: "100", sales: "1", plays: "9" }),
        loopRow("none", "Nothing", {}),
      ],
    );
    expect(answer.loops.map((loop) => loop.id)).toEqual(["big", "more-sales", "more-plays", "a", "c", "none"]);
    expect(answer.loops[0]).toMatchObject({ earningsLoop: "900719925.47409930", sales: 2, conversion: null });
  });

  it("adds the days' figures exactly past what a double holds", () => {
    // 2^53 + 1 ledger units in all: a sum in doubles would lose the last unit.
    const answer = analyticsAnswer(
      "all",
      "2026-11-01",
      "2026-11-02",
      [
        dayRow("2026-11-01", {
          sales_loop: "1",
          earnings_units_loop: "9007199254740992",
          earnings_cents_card: "499",
          sales_card: "1",
          plays: "4",
        }),
        dayRow("2026-11-02", { sales_loop: "1", earnings_units_loop: "1" }),
      ],
      [],
    );
    expect(answer.totals).toMatchObject({ sales: 3, plays: 4, earningsLoop: "90071992.54740993", earningsUsd: "4.99", conversion: 0.75 });
    expect(answer.totals.byMethod.loop).toEqual({ sales: 2, earningsLoop: "90071992.54740993", earningsUsd: "0.00" });
    expect(answer.days.map((day) => day.earningsLoop)).toEqual(["90071992.54740992", "0.00000001"]);
  });
});
