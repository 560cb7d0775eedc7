import { paths } from "@loop/rules/paths";
import { Compass } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export function NotFoundRoute() {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-24">
      <Card className="w-full p-10 text-center">
        <Compass className="mx-auto size-12 text-destructive" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to={paths.root()}>Back to LOOP</Link>
        </Button>
      </Card>
    </div>
  );
}
