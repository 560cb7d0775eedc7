import type { TokenOrderStatus } from "@loop/rules/schemas/token-orders";
import type { WithdrawalStatus } from "@loop/rules/schemas/withdrawals";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";

export interface StatusFilterProps<S extends string> {
  id: string;
  value: S | "";
  statuses: readonly S[];
  /** The first option, for every status ("All orders"). */
  allLabel: string;
  onChange: (value: S | "") => void;
  className?: string;
  selectClassName?: string;
}

/** A queue's "Show" select: every status, or one (its name capitalised). */
export function StatusFilter<S extends string>({
  id,
  value,
  statuses,
  allLabel,
  onChange,
  className,
  selectClassName,
}: StatusFilterProps<S>) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>Show</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as S | "")} className={selectClassName}>
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {status[0]!.toUpperCase() + status.slice(1)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Each queue status's badge colour: waiting, under way, done, refused or failed, withdrawn. */
const STATUS_VARIANT: Record<TokenOrderStatus | WithdrawalStatus, BadgeProps["variant"]> = {
  pending: "warning",
  processing: "highlight",
  fulfilled: "success",
  completed: "success",
  rejected: "destructive",
  failed: "destructive",
  cancelled: "outline",
};

/** A queue item's status, in capitals. */
export function StatusBadge({ status }: { status: TokenOrderStatus | WithdrawalStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status.toUpperCase()}</Badge>;
}
