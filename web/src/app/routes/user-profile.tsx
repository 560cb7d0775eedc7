import type { PublicLoop } from "@loop/rules/schemas/loops";
import { useCallback } from "react";
import { useParams } from "react-router";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LoopList } from "@/features/catalog/components/loop-list";
import { PublicProfilePage } from "@/features/profile/components/public-profile-page";
import { useRenderLoopCard } from "../loops/loop-card";

/** /profile/:userId: anyone's public profile (visitors included, docs/product.md#visitors). */
export function UserProfileRoute() {
  const { userId = "" } = useParams();
  const { openJoin } = useJoinDialog();
  // Visitors get Buy on the cards; signed out it opens the Join dialog.
  const renderCard = useRenderLoopCard(openJoin);
  const renderLoops = useCallback((loops: PublicLoop[]) => <LoopList loops={loops} renderCard={renderCard} />, [renderCard]);
  return <PublicProfilePage key={userId} userId={userId} renderLoops={renderLoops} onSignInRequired={openJoin} />;
}
