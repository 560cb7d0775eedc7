import { PageSpinner } from "@/components/ui/spinner";
import { HomePage } from "@/features/home/components/home-page";
import { useUser } from "@/lib/auth";
import { NotFoundRoute } from "./not-found";

/** /home: signed in only (signed out it is not a route, spec §2). */
export function HomeRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <NotFoundRoute />;
  return <HomePage user={user} />;
}
