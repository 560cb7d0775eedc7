import { CheckCircle2, Clock, Crown } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";

const COLUMNS: { title: string; icon: ReactNode; badge: ReactNode; items: readonly string[] }[] = [
  {
    title: "Available Now",
    icon: <CheckCircle2 className="size-5 text-emerald-300" aria-hidden />,
    badge: <Badge variant="success">Live</Badge>,
    items: [
      "Browse and buy loops",
      "Upload and sell your music",
      "Token transfers to other users",
      "Token purchases: order LOOP from an admin",
      "Withdrawals: LOOP to your wallet, or Bitcoin, Ethereum, USDC and USDT",
    ],
  },
  {
    title: "Coming Soon",
    icon: <Clock className="size-5 text-amber-300" aria-hidden />,
    badge: <Badge variant="warning">Soon</Badge>,
    // Token purchases and crypto withdrawals work today (above); what is left of the spec's list.
    items: ["Withdrawals to PayPal, Wise, Skrill and Revolut", "Collaboration tools"],
  },
  {
    title: "Premium Plans",
    icon: <Crown className="size-5 text-pink-300" aria-hidden />,
    badge: <Badge variant="accent">Plans</Badge>,
    items: ["Pro Creator", "Enterprise", "API Access"],
  },
];

export interface WhatYouCanDoProps {
  /** The default chain's coin when its exchange has a LOOP pool (Buy with ETH works there); else null. */
  poolCoin?: string | null;
}

/** 'What You Can Do' (docs/product.md#token-page): what LOOP is good for today and what is planned. */
export function WhatYouCanDo({ poolCoin = null }: WhatYouCanDoProps) {
  const columns = poolCoin
    ? COLUMNS.map((column, i) => (i === 0 ? { ...column, items: [...column.items, `Buy LOOP with ${poolCoin} from your wallet`] } : column))
    : COLUMNS;
  return (
    <Card aria-labelledby="what-you-can-do-title" className="p-6">
      <h2 id="what-you-can-do-title" className="text-lg font-semibold">
        What You Can Do
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {columns.map((column) => (
          <div key={column.title} className="rounded-xl border border-border bg-surface/50 p-4">
            <h3 className="flex items-center gap-2 font-semibold">
              {column.icon}
              {column.title}
              <span className="ml-auto">{column.badge}</span>
            </h3>
            <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
              {column.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}
