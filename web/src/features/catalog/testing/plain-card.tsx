/** The catalog's card without the app's parts (no like, download, buy…), for the catalog's own tests. */
import type { RenderLoopCard } from "../components/loop-card";
import { LoopCardView } from "../components/loop-card";

export const plainCard: RenderLoopCard = (loop, layout) => (
  <LoopCardView loop={loop} layout={layout} own={false} rating={{ average: loop.averageRating, total: loop.totalRatings }} />
);
