import { useParams } from "react-router";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LoopPage } from "@/features/loops/components/loop-page";

/** /loops/:loopId: a loop's own page, for anyone (visitors included, issue 36); Buy and the heart open Join signed out. */
export function LoopRoute() {
  const { loopId = "" } = useParams();
  const { openJoin } = useJoinDialog();
  return <LoopPage key={loopId} loopId={loopId} onSignInRequired={openJoin} />;
}
