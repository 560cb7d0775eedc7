import { lazy } from "react";
import { useUser } from "@/lib/auth";
import { LandingRoute } from "./landing";

const HomeScreen = lazy(() => import("./home").then((m) => ({ default: m.HomeScreen })));
const AdminDashboard = lazy(() => import("@/features/admin/components/admin-dashboard").then((m) => ({ default: m.AdminDashboard })));

/**
 * `/`: the landing page when signed out or while auth loads (docs/product.md#routes); the admin dashboard for
 * admins (docs/product.md#admins); home for everyone else signed in.
 */
export function RootRoute() {
  const { user } = useUser();
  if (!user) return <LandingRoute />;
  if (user.isAdmin) return <AdminDashboard user={user} isLoading={false} />;
  return <HomeScreen user={user} />;
}
