import type { NegotiationStatus } from "@loop/rules/schemas/negotiations";
import { ArrowLeftRight, CheckCircle2, Clock, Hourglass, Undo2, XCircle } from "lucide-react";
import type { ComponentType } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const STATUS_STYLES: Record<
  NegotiationStatus,
  { label: string; variant: BadgeProps["variant"]; Icon: ComponentType<{ "aria-hidden"?: boolean }> }
> = {
  pending: { label: "Pending", variant: "warning", Icon: Clock },
  counter: { label: "Counter Offer", variant: "highlight", Icon: ArrowLeftRight },
  accepted: { label: "Accepted", variant: "success", Icon: CheckCircle2 },
  rejected: { label: "Rejected", variant: "destructive", Icon: XCircle },
  // Closed without an answer (spec: statuses other than the four answered ones get the default style).
  withdrawn: { label: "Withdrawn", variant: "outline", Icon: Undo2 },
  expired: { label: "Expired", variant: "outline", Icon: Hourglass },
};

/** An offer's status with its icon (pending, counter, accepted, rejected, withdrawn, expired). */
export function NegotiationStatusBadge({ status }: { status: NegotiationStatus }) {
  const { label, variant, Icon } = STATUS_STYLES[status];
  return (
    <Badge variant={variant} data-testid="negotiation-status" data-status={status}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
