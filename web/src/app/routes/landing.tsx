import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { LandingPage } from "@/features/landing/components/landing-page";

export function LandingRoute() {
  const { openJoin } = useJoinDialog();
  return <LandingPage onJoin={openJoin} />;
}
