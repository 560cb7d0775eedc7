import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";

export interface QueryStatesProps<D> {
  /** The query (its data undefined while loading). */
  query: { isError: boolean; refetch: () => unknown; data?: D };
  /** What is loaded, for "The … could not be loaded." */
  noun: string;
  /** The skeleton's classes while loading (its height)… */
  skeletonClassName?: string;
  /** …or what is shown instead. */
  loading?: ReactNode;
  /** The text when there is nothing to show… */
  empty: string;
  /** …and when that is (default: an empty array). */
  isEmpty?: (data: D) => boolean;
  children: (data: D) => ReactNode;
}

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** An admin list's states: the load error with Retry, the loading placeholder, the empty text, or the list. */
export function QueryStates<D>({
  query,
  noun,
  skeletonClassName,
  loading = <Skeleton className={skeletonClassName} />,
  empty,
  isEmpty = isEmptyArray,
  children,
}: QueryStatesProps<D>) {
  if (query.isError) return <LoadError message={`The ${noun} could not be loaded.`} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (data === undefined) return loading;
  if (isEmpty(data)) return <p className="py-8 text-center text-muted-foreground">{empty}</p>;
  return children(data);
}
