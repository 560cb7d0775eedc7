import { paths } from "@loop/rules/paths";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { artistName } from "@/lib/loop-format";

/** A loop page's frame, its two-column grid and its first column: one box for the loading state and the page, so nothing moves. */
export const LOOP_PAGE_FRAME_CLASS = "mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12";
export const LOOP_PAGE_GRID_CLASS = "grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-x-10";
export const LOOP_PAGE_MAIN_COLUMN_CLASS = "flex min-w-0 flex-col gap-5";
export const LOOP_PAGE_TITLE_ID = "loop-page-title";

/**
 * The top of a loop's page: loop or track, its genre, its title and its creator. Its own small
 * module because the page's loading state shows it too, from the loop the HTML carries
 * (app/routes/loop-loading.tsx): the title, the largest thing on a phone's first screen, is painted
 * before the page's code has arrived.
 */
export function LoopPageHeader({ loop, children }: { loop: PublicLoop; children?: ReactNode }) {
  return (
    <header>
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{loop.contentType === "track" ? "Track" : "Loop"}</Badge>
        <Badge variant="outline">{loop.genre.name}</Badge>
      </div>
      <h1 id={LOOP_PAGE_TITLE_ID} className="font-display mt-3 text-3xl font-black tracking-tight break-words sm:text-4xl">
        {loop.title}
      </h1>
      <p className="mt-2 text-muted-foreground">
        by{" "}
        <Link to={paths.userProfile(loop.user.id)} className="font-semibold text-foreground hover:text-primary hover:underline">
          {artistName(loop.user)}
        </Link>
      </p>
      {children}
    </header>
  );
}
