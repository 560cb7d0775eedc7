import { paths } from "@loop/rules/paths";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** The app's error page (docs/product.md#routes): what happened, Try again, and a way home (a full load). */
export default function ErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-24">
      <Card role="alert" className="w-full p-10 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">This page could not be shown. We have been told; please try again.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={onRetry}>Try again</Button>
          <Button asChild variant="outline">
            <a href={paths.root()}>Back to LOOP</a>
          </Button>
        </div>
      </Card>
    </div>
  );
}
