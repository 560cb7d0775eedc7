import { type KeyboardEvent, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import type { PaymentPanel, PaymentPanelProps } from "../lib/payment-panels";
import { CardPayPanel } from "./card-pay-panel";
import { LoopBalancePanel } from "./loop-balance-panel";
import { PaypalPayPanel } from "./paypal-pay-panel";
import { WalletPayPanel } from "./wallet-pay-panel";

/** The ways to pay, one tab each (the first is selected when the dialog opens). */
export const PAYMENT_PANELS: readonly PaymentPanel[] = [
  { method: "loop", label: "LOOP balance", Panel: LoopBalancePanel },
  { method: "wallet", label: "Wallet (on chain)", Panel: WalletPayPanel },
  { method: "paypal", label: "PayPal", Panel: PaypalPayPanel },
  { method: "card", label: "Card", Panel: CardPayPanel },
];

/**
 * One tab per way to pay (WAI-ARIA tabs: arrow keys, Home and End move between them). A panel is
 * mounted when its tab is first chosen (the wallet stack and PayPal's script load only for their
 * tabs) and stays mounted, hidden, afterwards; while a payment is under way the tabs are locked.
 */
export function PaymentTabs({ loopId, locked, panelProps }: { loopId: string; locked: boolean; panelProps: PaymentPanelProps }) {
  const [selected, setSelected] = useState(PAYMENT_PANELS[0]!.method);
  const [visited, setVisited] = useState<ReadonlySet<PaymentPanel["method"]>>(() => new Set([PAYMENT_PANELS[0]!.method]));
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const id = (kind: "tab" | "panel", method: string) => `purchase-${kind}-${method}-${loopId}`;

  const choose = (method: PaymentPanel["method"]) => {
    if (locked) return;
    setSelected(method);
    setVisited((current) => (current.has(method) ? current : new Set([...current, method])));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = PAYMENT_PANELS.findIndex((panel) => panel.method === selected);
    const last = PAYMENT_PANELS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % PAYMENT_PANELS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + PAYMENT_PANELS.length) % PAYMENT_PANELS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null || locked) return;
    event.preventDefault();
    const method = PAYMENT_PANELS[next]!.method;
    choose(method);
    tabs.current.get(method)?.focus();
  };

  return (
    <div className="mt-4">
      <div
        role="tablist"
        aria-label="Pay with"
        className="grid grid-cols-2 gap-1 rounded-lg border border-border bg-muted/40 p-1 sm:grid-cols-4"
        onKeyDown={onKeyDown}
      >
        {PAYMENT_PANELS.map(({ method, label }) => {
          const active = method === selected;
          return (
            <button
              key={method}
              ref={(element) => {
                if (element) tabs.current.set(method, element);
                else tabs.current.delete(method);
              }}
              type="button"
              role="tab"
              id={id("tab", method)}
              aria-selected={active}
              aria-controls={id("panel", method)}
              tabIndex={active ? 0 : -1}
              disabled={locked && !active}
              onClick={() => choose(method)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50",
                active ? "bg-primary/20 text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
      {PAYMENT_PANELS.map(({ method, Panel }) => (
        <section
          key={method}
          role="tabpanel"
          id={id("panel", method)}
          aria-labelledby={id("tab", method)}
          hidden={method !== selected}
          className="mt-3 rounded-lg border border-border bg-card/60 p-4"
        >
          {visited.has(method) ? <Panel {...panelProps} /> : null}
        </section>
      ))}
    </div>
  );
}
