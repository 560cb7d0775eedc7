import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PageNotice } from "@/components/ui/page-notice";
import { errorStatus } from "@/lib/api-client";

export interface LoadFailedNoticeProps {
  /** What the page shows, lower case ("profile"): "Profile unavailable", "The profile could not be loaded…". */
  subject: string;
  error: unknown;
  onRetry: () => void;
  /** Shown instead when the server answered 404 (a `NotFoundNotice`). */
  notFound: ReactNode;
}

/** A page whose one record could not be loaded: its not-found notice on a 404, else why with Try again. */
export function LoadFailedNotice({ subject, error, onRetry, notFound }: LoadFailedNoticeProps) {
  if (errorStatus(error) === 404) return notFound;
  return (
    <PageNotice
      title={`${subject.charAt(0).toUpperCase()}${subject.slice(1)} unavailable`}
      text={`The ${subject} could not be loaded. Please try again.`}
    >
      <Button className="mt-6" onClick={onRetry}>
        Try again
      </Button>
    </PageNotice>
  );
}
