import { AdminDashboard } from "@/features/admin/components/admin-dashboard";
import { useUser } from "@/lib/auth";

/** /admin: the admin dashboard; anyone else (visitors included) reads 'Access Denied'. */
export function AdminRoute() {
  const { user, isLoading } = useUser();
  return <AdminDashboard user={user} isLoading={isLoading} />;
}
