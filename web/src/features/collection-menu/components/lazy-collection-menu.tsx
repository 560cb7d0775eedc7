import { lazy, Suspense } from "react";

/** The menu (Radix's dropdown, the collection form and its calls) loads when a member first sees one. */
const CollectionMenu = lazy(() => import("./add-to-collection-menu").then((m) => ({ default: m.AddToCollectionMenu })));

/** "Add to collection" for a member; until its code has loaded, a blank of the button's size holds its place. */
export function AddToCollectionMenu(props: { loopId: string; title: string }) {
  return (
    <Suspense fallback={<span className="inline-block size-8 shrink-0" aria-hidden />}>
      <CollectionMenu {...props} />
    </Suspense>
  );
}
