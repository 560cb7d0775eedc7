import type { LeaderboardEntry } from "@loop/rules/api-types";
import { levelTitle } from "@loop/rules/levels";
import { Medal, Trophy } from "lucide-react";
import { SkeletonList } from "@/components/skeleton-list";
import { LevelBadgeCompact } from "@/components/level-badge";
import { LoopAmount } from "@/components/ui/loop-amount";
import { TableHead, type TableColumn } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";

const RANK_STYLE = ["text-amber-300", "text-slate-200", "text-orange-300"];

const COLUMNS: readonly TableColumn[] = [
  { label: "Rank", className: "w-16 px-6 py-3" },
  { label: "Creator", className: "px-6 py-3" },
  { label: "Level", className: "hidden px-6 py-3 sm:table-cell" },
  { label: "Loops", className: "px-6 py-3 text-right" },
  { label: "LOOP earned", className: "px-6 py-3 text-right" },
];

function creatorName(entry: LeaderboardEntry): string {
  return entry.username || entry.firstName || "Anonymous creator";
}

export interface LeaderboardProps {
  entries: LeaderboardEntry[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** Creators (users with at least one loop in the catalog), in the API's order. */
export function creatorsOf(entries: LeaderboardEntry[] | undefined): LeaderboardEntry[] {
  return (entries ?? []).filter((entry) => entry.loopsCount > 0);
}

/** Creators leaderboard: real rows from GET /api/stats/public (level, title, loops, LOOP earned). */
export function Leaderboard({ entries, isLoading, isError }: LeaderboardProps) {
  const creators = creatorsOf(entries);
  return (
    <section className="render-when-visible mx-auto w-full max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="leaderboard-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-highlight uppercase">Creators leaderboard</p>
          <h2 id="leaderboard-title" className="mt-2 flex items-center gap-3 font-display text-3xl font-black tracking-tight">
            <Trophy className="size-7 text-amber-300" aria-hidden />
            Top creators
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">Ranked by experience: XP from sales, purchases and offers.</p>
      </div>

      <div className="mt-8 overflow-hidden rounded-2xl border border-border bg-card/70">
        {isLoading ? (
          <SkeletonList className="grid gap-3 p-6" role="status" aria-label="Loading leaderboard" itemClassName="h-12 w-full" />
        ) : isError ? (
          <p className="p-8 text-center text-sm text-muted-foreground" role="alert">
            The leaderboard is unavailable right now.
          </p>
        ) : creators.length === 0 ? (
          <div className="flex flex-col items-center gap-2 p-10 text-center" data-testid="leaderboard-empty">
            <Medal className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-semibold">No creators on the leaderboard yet.</p>
            <p className="text-sm text-muted-foreground">Upload and sell your first loop to claim the top spot.</p>
          </div>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Top creators by experience</caption>
            <TableHead columns={COLUMNS} className="bg-surface/60" />
            <tbody>
              {creators.map((entry, index) => (
                <tr key={entry.id} className="border-b border-border/60 last:border-0 hover:bg-primary/5">
                  <td className={cn("px-6 py-4 font-display text-lg font-black", RANK_STYLE[index] ?? "text-muted-foreground")}>
                    {index + 1}
                  </td>
                  <th scope="row" className="px-6 py-4 font-medium">
                    <span className="flex items-center gap-3">
                      {entry.profileImageUrl?.startsWith("/") ? (
                        <img src={entry.profileImageUrl} alt="" className="size-9 rounded-full object-cover" loading="lazy" />
                      ) : (
                        <span
                          className="bg-brand-gradient inline-flex size-9 items-center justify-center rounded-full text-sm font-bold uppercase"
                          aria-hidden
                        >
                          {creatorName(entry).charAt(0)}
                        </span>
                      )}
                      <span className="grid">
                        <span className="truncate">{creatorName(entry)}</span>
                        <span className="text-xs font-normal text-muted-foreground sm:hidden">
                          Level {entry.level} · {levelTitle(entry.level)}
                        </span>
                      </span>
                    </span>
                  </th>
                  <td className="hidden px-6 py-4 sm:table-cell">
                    <span className="inline-flex items-center gap-2">
                      <LevelBadgeCompact level={entry.level} />
                      <span className="text-muted-foreground">{levelTitle(entry.level)}</span>
                    </span>
                  </td>
                  <td className="px-6 py-4 text-right tabular-nums">{formatCount(entry.loopsCount)}</td>
                  <td className="px-6 py-4 text-right font-semibold whitespace-nowrap tabular-nums">
                    <LoopAmount value={entry.totalEarned} unit={false} />{" "}
                    <span className="text-xs font-normal text-muted-foreground">LOOP</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
