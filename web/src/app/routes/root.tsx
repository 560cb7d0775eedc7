import { lazy } from "react";
import { useUser } from "@/lib/auth";
import { LandingRoute } from "./landing";

const HomeScreen = lazy(() => import("./home").then((m) => ({ default: m.HomeScreen })));

/**
 * `/`: the landing page when signed out or while auth loads (spec §2); home when signed in.
 * The admin dashboard for admins is a later issue: admins get home for now.
 */
export function RootRoute() {
  const { user } = useUser();
  if (!user) return <LandingRoute />;
  return <HomeScreen user={user} />;
}
