import type { ComponentProps } from "react";
import { Skeleton } from "@/components/ui/skeleton";

export interface SkeletonListProps extends ComponentProps<"div"> {
  /** The placeholders' class (their height and shape). */
  itemClassName: string;
  /** How many placeholders (three unless given). */
  count?: number;
}

/** A list that is loading: a few placeholders of its rows, in a container given its own attributes (role, label, layout). */
export function SkeletonList({ itemClassName, count = 3, ...props }: SkeletonListProps) {
  return (
    <div {...props}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={itemClassName} />
      ))}
    </div>
  );
}
