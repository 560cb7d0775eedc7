import type { PublicLoop } from "@loop/rules/schemas/loops";
import { useParams } from "react-router";
import { LoopList } from "@/features/loops/components/loop-list";
import { PublicProfilePage } from "@/features/profile/components/public-profile-page";

const renderLoops = (loops: PublicLoop[]) => <LoopList loops={loops} />;

/** /profile/:userId: anyone's public profile (visitors included, DESIGN §7). */
export function UserProfileRoute() {
  const { userId = "" } = useParams();
  return <PublicProfilePage key={userId} userId={userId} renderLoops={renderLoops} />;
}
