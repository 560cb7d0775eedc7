import { useParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import {
  LOOP_PAGE_FRAME_CLASS,
  LOOP_PAGE_GRID_CLASS,
  LOOP_PAGE_MAIN_COLUMN_CLASS,
  LOOP_PAGE_TITLE_ID,
  LoopPageHeader,
} from "@/features/loop-page/components/loop-page-header";
import { peekEmbeddedLoop } from "@/features/loop-page/lib/embedded-loop";

/**
 * /loops/:loopId while its code loads (the route is lazy): when the page's HTML carries the loop, its
 * title and creator show at once, where the page will show them, with the spinner below. The title
 * is the largest thing on a phone's first screen, so the page's largest paint no longer waits for
 * the page's code (docs/decisions.md#the-first-screen-before-the-pages-code-session-49).
 */
export function LoopLoading() {
  const { loopId = "" } = useParams();
  const loop = peekEmbeddedLoop(loopId);
  if (!loop) return <PageSpinner label="Loading loop" />;
  return (
    <div className={LOOP_PAGE_FRAME_CLASS}>
      <article aria-labelledby={LOOP_PAGE_TITLE_ID} className={LOOP_PAGE_GRID_CLASS}>
        <div className={LOOP_PAGE_MAIN_COLUMN_CLASS}>
          <LoopPageHeader loop={loop} />
          <PageSpinner label="Loading loop" />
        </div>
      </article>
    </div>
  );
}
