import type { PublicLoop } from "@loop/rules/schemas/loops";
import { useCallback } from "react";
import { useParams } from "react-router";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LoopList } from "@/features/catalog/components/loop-list";
import { type LoopViewer, LoopPage } from "@/features/loop-page/components/loop-page";
import { useRenderLoopCard } from "../loops/loop-card";
import { LoopPageActions } from "../loops/loop-page-actions";

/**
 * /loops/:loopId: a loop's own page, for anyone (visitors included, issue 36), with the app's side
 * that sells it and its cards below; Buy and the heart open Join signed out.
 */
export function LoopRoute() {
  const { loopId = "" } = useParams();
  const { openJoin } = useJoinDialog();
  const renderCard = useRenderLoopCard(openJoin);
  const renderActions = useCallback(
    (loop: PublicLoop, viewer: LoopViewer) => <LoopPageActions loop={loop} {...viewer} onSignInRequired={openJoin} />,
    [openJoin],
  );
  const renderLoops = useCallback((loops: PublicLoop[]) => <LoopList loops={loops} renderCard={renderCard} />, [renderCard]);
  return <LoopPage key={loopId} loopId={loopId} renderActions={renderActions} renderLoops={renderLoops} />;
}
