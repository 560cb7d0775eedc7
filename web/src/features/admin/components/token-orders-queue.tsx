import { type AdminTokenOrder, type PaymentMethod, TOKEN_ORDER_STATUSES, type TokenOrderStatus } from "@loop/rules/schemas/token-orders";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { LoopAmount } from "@/components/ui/loop-amount";
import { formatDateTime, loopText } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { failureToast, successToast } from "@/lib/outcome-toasts";
import { useFulfilTokenOrder } from "../api/fulfil-token-order";
import { useAdminTokenOrders } from "../api/get-admin-token-orders";
import { usdText } from "../lib/admin-format";
import { QueryStates } from "./query-states";
import { ORDER_UPDATE_FAILED_TEXT, RejectOrderDialog } from "./reject-order-dialog";
import { StatusBadge, StatusFilter } from "./queue-status";

const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  paypal: "PayPal",
  bank_transfer: "Bank transfer",
  crypto: "Crypto",
  revolut: "Revolut",
  skrill: "Skrill",
};

/** Token Orders: users' requests to buy LOOP; fulfil (credits the LOOP) once paid, or reject with a reason. */
export function TokenOrdersQueue() {
  const [status, setStatus] = useState<TokenOrderStatus | "">("pending");
  const orders = useAdminTokenOrders(status || undefined);
  const [rejecting, setRejecting] = useState<{ id: string; username: string } | null>(null);

  return (
    <div className="grid gap-4">
      <StatusFilter
        id="order-filter"
        className="max-w-xs"
        value={status}
        statuses={TOKEN_ORDER_STATUSES}
        allLabel="All orders"
        onChange={setStatus}
      />
      <QueryStates query={orders} noun="token orders" skeletonClassName="h-40" empty="No token orders to show.">
        {(list) => (
          <ul className="grid gap-3" aria-label="Token orders">
            {list.map((order) => (
              <OrderRow key={order.id} order={order} onReject={() => setRejecting({ id: order.id, username: order.username })} />
            ))}
          </ul>
        )}
      </QueryStates>
      <RejectOrderDialog order={rejecting} onOpenChange={(open) => !open && setRejecting(null)} />
    </div>
  );
}

function OrderRow({ order, onReject }: { order: AdminTokenOrder; onReject: () => void }) {
  const fulfil = useFulfilTokenOrder();
  const onFulfil = () =>
    fulfil.mutate(order.id, {
      onSuccess: () => successToast("Order Fulfilled", `${loopText(order.requestedAmount)} credited to ${order.username}.`),
      onError: (caught) => failureToast("Update Failed", caught, ORDER_UPDATE_FAILED_TEXT),
    });
  return (
    <li
      aria-label={`Order of ${order.username}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface/60 p-4 lg:flex-row lg:items-center"
    >
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {order.username}
          {order.email ? <span className="font-normal text-muted-foreground">{order.email}</span> : null}
          <StatusBadge status={order.status} />
        </p>
        <p className="mt-1 tabular-nums">
          <LoopAmount value={order.requestedAmount} /> for <strong>{usdText(order.usdAmount)}</strong> by{" "}
          {PAYMENT_LABELS[order.paymentMethod]}
        </p>
        <p className="mt-1 break-all text-muted-foreground">Payment details: {order.paymentDetails}</p>
        {order.message ? <p className="mt-1 text-muted-foreground">Message: {order.message}</p> : null}
        {order.rejectionReason ? <p className="mt-1 text-rose-200">Rejected: {order.rejectionReason}</p> : null}
        <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(order.createdAt)}</p>
      </div>
      {order.status === "pending" ? (
        <div className="flex gap-2">
          <PendingButton size="sm" onClick={onFulfil} pending={fulfil.isPending} icon={Check}>
            Fulfil
          </PendingButton>
          <Button size="sm" variant="outline" onClick={onReject} disabled={fulfil.isPending}>
            <X aria-hidden />
            Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}
