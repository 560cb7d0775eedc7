import type { TokenBalance } from "@loop/rules/schemas/tokens";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export interface BalanceQueryProps {
  balance: UseQueryResult<TokenBalance>;
  /** The space above the skeleton or the error ("mt-2"). */
  className: string;
  /** The sizes of the skeleton's two lines: the amount's, then the USD value's. */
  skeletons: readonly [string, string];
  /** The balance, once loaded. */
  children: (balance: TokenBalance) => ReactNode;
}

/** The LOOP balance once loaded; meanwhile its skeleton (a status, "Loading balance"), or why it could not be loaded with Retry. */
export function BalanceQuery({ balance, className, skeletons, children }: BalanceQueryProps) {
  if (balance.isPending) {
    return (
      <div className={cn("grid gap-2", className)} role="status" aria-label="Loading balance">
        {skeletons.map((size) => (
          <Skeleton key={size} className={size} />
        ))}
      </div>
    );
  }
  if (balance.isError) {
    return <LoadError message="Your balance could not be loaded." onRetry={() => void balance.refetch()} className={className} />;
  }
  return children(balance.data);
}
