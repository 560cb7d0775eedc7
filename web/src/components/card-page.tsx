import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "@/components/brand";
import { Card } from "@/components/ui/card";

/** A page that is one centred card: the brand mark, a title and an optional description over the content (sign-in and confirmation pages). */
export function CardPageLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-16 sm:py-24">
      <Card className="w-full p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-12" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </Card>
    </div>
  );
}

export interface LinkProblemProps {
  message: string;
  /** The message's data-testid. */
  testId: string;
  /** Where to ask for a new link, and what that link reads. */
  to: string;
  linkText: string;
}

/** Why a mailed link could not be used, with a link to ask for a new one. */
export function LinkProblem({ message, testId, to, linkText }: LinkProblemProps) {
  return (
    <div role="alert" className="mb-5 flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold" data-testid={testId}>
          {message}
        </p>
        <Link to={to} className="font-medium text-violet-300 underline-offset-4 hover:underline">
          {linkText}
        </Link>
      </div>
    </div>
  );
}
