import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { ReactNode } from "react";
import { useCallback } from "react";
import { useParams } from "react-router";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LoopList } from "@/features/catalog/components/loop-list";
import { CollectionPage } from "@/features/collections/components/collection-page";
import { useRenderLoopCard } from "../loops/loop-card";

/** /collections/:collectionId: a collection, for anyone with the link when public (docs/product.md#collections). */
export function CollectionRoute() {
  const { collectionId = "" } = useParams();
  const { openJoin } = useJoinDialog();
  const renderCard = useRenderLoopCard(openJoin);
  const renderLoops = useCallback(
    (loops: PublicLoop[], itemAction?: (loop: PublicLoop) => ReactNode) => (
      <LoopList loops={loops} renderCard={renderCard} itemAction={itemAction} />
    ),
    [renderCard],
  );
  return <CollectionPage key={collectionId} collectionId={collectionId} renderLoops={renderLoops} />;
}
