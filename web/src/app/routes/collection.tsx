import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { ReactNode } from "react";
import { useCallback } from "react";
import { useParams } from "react-router";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { CollectionPage } from "@/features/collections/components/collection-page";
import { LoopList } from "@/features/loops/components/loop-list";

/** /collections/:collectionId: a collection, for anyone with the link when public (docs/product.md#collections). */
export function CollectionRoute() {
  const { collectionId = "" } = useParams();
  const { openJoin } = useJoinDialog();
  const renderLoops = useCallback(
    (loops: PublicLoop[], itemAction?: (loop: PublicLoop) => ReactNode) => (
      <LoopList loops={loops} onSignInRequired={openJoin} itemAction={itemAction} />
    ),
    [openJoin],
  );
  return <CollectionPage key={collectionId} collectionId={collectionId} renderLoops={renderLoops} />;
}
