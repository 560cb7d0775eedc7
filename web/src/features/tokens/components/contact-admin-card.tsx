import type { TokenOrder } from "@loop/rules/schemas/token-orders";
import { Mail, MessageSquare, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { usePlatformSettings } from "@/lib/platform-settings";
import { useTokenOrders } from "../api/get-token-orders";
import { LoopAmount } from "@/components/ui/loop-amount";
import { ADMIN_ORDER_PROCESSING, ContactAdminDialog, PAYMENT_METHOD_LABELS } from "./contact-admin-dialog";

export const PURCHASE_INQUIRY_SUBJECT = "LOOP Token Purchase Inquiry";

/** A mail draft to the support address (the admin's setting) asking to buy LOOP. */
export function supportMailto(supportEmail: string, userId: string): string {
  const body = `Hello LOOP team,\n\nI would like to buy LOOP tokens.\n\nMy wallet ID: ${userId}\nAmount:\nPayment method:\n`;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(PURCHASE_INQUIRY_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

const ORDER_STATUS: Record<TokenOrder["status"], { label: string; variant: "warning" | "success" | "destructive" }> = {
  pending: { label: "PENDING", variant: "warning" },
  fulfilled: { label: "FULFILLED", variant: "success" },
  rejected: { label: "REJECTED", variant: "destructive" },
};

/** Contact Admin (docs/product.md#token-orders): the order form in a dialog, Email Support, and the user's own orders. */
export function ContactAdminCard({ userId, email }: { userId: string; email: string | null }) {
  const [open, setOpen] = useState(false);
  const orders = useTokenOrders();
  const { supportEmail } = usePlatformSettings();
  return (
    <Card aria-labelledby="contact-admin-title" className="p-5">
      <h3 id="contact-admin-title" className="flex items-center gap-2 font-semibold">
        <MessageSquare className="size-5 text-primary" aria-hidden />
        Contact Admin
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Buy LOOP with PayPal, bank transfer, crypto, Revolut or Skrill: place an order and an admin credits your wallet once the payment
        arrives. {ADMIN_ORDER_PROCESSING}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => setOpen(true)}>
          <ShoppingCart aria-hidden />
          Order Tokens
        </Button>
        <Button asChild variant="outline">
          <a href={supportMailto(supportEmail, userId)}>
            <Mail aria-hidden />
            Email Support
          </a>
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">Support: {supportEmail}</p>
      <ContactAdminDialog open={open} onOpenChange={setOpen} email={email} />

      {orders.isPending ? (
        <div className="mt-4 grid gap-2" role="status" aria-label="Loading your orders">
          <Skeleton className="h-10 w-full" />
        </div>
      ) : orders.data && orders.data.length > 0 ? (
        <div className="mt-5">
          <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Your orders</h4>
          <ul className="mt-2 grid gap-2" aria-label="Your token orders">
            {orders.data.map((order) => {
              const status = ORDER_STATUS[order.status] ?? ORDER_STATUS.pending;
              return (
                <li key={order.id} className="rounded-lg border border-border bg-surface/50 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <LoopAmount value={order.requestedAmount} className="font-semibold" />
                    <span className="text-muted-foreground">
                      ${order.usdAmount} · {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}
                    </span>
                    <Badge variant={status.variant} className="ml-auto">
                      {status.label}
                    </Badge>
                  </div>
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    {formatDateTime(order.createdAt)}
                    {order.rejectionReason ? ` · ${order.rejectionReason}` : null}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
