import { paths } from "@loop/rules/paths";
import { Music2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export const LOOP_UNAVAILABLE_TITLE = "This loop is no longer available";

/**
 * What a loop's page shows for a loop the viewer may not see (hidden by a moderator, made private)
 * or that does not exist: the API answers 404 for all of them (issue 36), with a way back to the catalog.
 */
export function LoopUnavailable() {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-24">
      <Card className="w-full p-10 text-center" data-testid="loop-unavailable">
        <Music2 className="mx-auto size-12 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">{LOOP_UNAVAILABLE_TITLE}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          It may have been taken down or made private by its creator, or the link is wrong.
        </p>
        <Button asChild className="mt-6">
          <Link to={paths.home()}>Browse loops</Link>
        </Button>
      </Card>
    </div>
  );
}
