import { paths } from "@loop/rules/paths";
import { ChevronDown, Gift, Send, ShoppingBag, Sparkles } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatLoop } from "@/lib/format";
import { usePlatformSettings } from "@/lib/platform-settings";
import { cn } from "@/lib/utils";
import { useDefaultMarket } from "../lib/default-market";

const BENEFITS = [
  {
    icon: <ShoppingBag className="size-5" aria-hidden />,
    title: "Easy Purchases",
    text: "Buy loops and tracks in one click with your LOOP balance.",
  },
  {
    icon: <Send className="size-5" aria-hidden />,
    title: "Send and Receive",
    text: "Send tokens to any producer by their username, instantly.",
  },
  {
    icon: <Gift className="size-5" aria-hidden />,
    title: "Earn Rewards",
    text: "Sell your music, level up and collect community rewards.",
  },
] as const;

/** The platform settings' minimum withdrawal, "10" by default. */
function MinimumWithdrawal() {
  const { minWithdrawal } = usePlatformSettings();
  return <>{formatLoop(minWithdrawal)}</>;
}

/**
 * When a buy is credited, from the default chain's confirmations (GET /api/config): the spec's "typically
 * within 1-5 minutes" where blocks are waited for, "within seconds" where none are (the local chain).
 */
function creditWaitText(chainName: string, confirmations: number | undefined): string {
  if (confirmations === undefined) return "after the payment is confirmed on chain";
  if (confirmations === 0) return `as soon as the payment is in a block on ${chainName}, typically within seconds`;
  return `after the payment is confirmed (${confirmations} blocks on ${chainName}), typically within 1-5 minutes`;
}

/**
 * "How do I get LOOP tokens?", its purchase line: Buy with ETH (BNB) only where the default chain's
 * exchange has a LOOP pool.
 */
function PurchaseLine() {
  const { market } = useDefaultMarket();
  if (market?.pool) {
    return <>Purchase them: Buy with {market.nativeSymbol} from your own wallet, or order tokens from our team through Contact Admin.</>;
  }
  return <>Purchase them: order tokens from our team through Contact Admin.</>;
}

/**
 * "Can I buy tokens with crypto?": what the app's default chain offers (docs/product.md#buying-loop-with-eth):
 * Buy with ETH (BNB) where its exchange has a LOOP pool, credited after that chain's confirmations, and
 * says so where it has none.
 */
function BuyWithCryptoAnswer() {
  const { chain, market } = useDefaultMarket();
  if (!chain || !market) return <>Checking what the network&apos;s exchange offers…</>;
  if (!market.pool) {
    return (
      <>
        Not yet on {market.chainName}: its exchange has no LOOP pool yet. Order tokens from our team through Contact Admin in the meantime.
      </>
    );
  }
  const coin = market.nativeSymbol;
  return (
    <>
      Yes. Connect your wallet, choose the amount and pay with {coin}: Buy with {coin} swaps it for LOOP through the exchange&apos;s pool
      {market.exchange ? ` (${market.exchange.name})` : ""} and your tokens are credited to your balance{" "}
      {creditWaitText(market.chainName, chain.confirmations)}. You see the quote, the price impact and the minimum you receive before your
      wallet opens, or you can keep the LOOP in your own wallet instead.
    </>
  );
}

export const FAQ_ITEMS: readonly { question: string; answer: ReactNode }[] = [
  {
    question: "What are LOOP tokens?",
    answer:
      "LOOP is the currency of the marketplace. You use it to buy loops and tracks, get paid for your own music, send value to other producers and cash out to crypto.",
  },
  {
    question: "How do I get LOOP tokens?",
    answer: (
      <ul className="grid list-disc gap-1 pl-5">
        <li>
          <PurchaseLine />
        </li>
        <li>Sell your music: every sale pays you in LOOP.</li>
        <li>Airdrops: the team sends tokens to the community from time to time.</li>
        <li>Community rewards: the welcome bonus and level-up rewards.</li>
      </ul>
    ),
  },
  {
    question: "How much is a LOOP token worth?",
    answer:
      "Inside the app the rate is fixed: 500 LOOP = $1 USD, so 1 LOOP is worth $0.002. Balances, orders and withdrawals all use this rate. On an exchange, LOOP trades at its pool's own price, which moves with every trade.",
  },
  {
    question: "How do I send tokens to someone?",
    answer: (
      <ol className="grid list-decimal gap-1 pl-5">
        <li>Open My Wallet on this page.</li>
        <li>Click Send Tokens.</li>
        <li>Enter the recipient's ID (their wallet ID, shown on their home page).</li>
        <li>Enter the amount and, if you like, a message.</li>
        <li>Confirm. Transfers are instant and cannot be reversed, so check the ID first.</li>
      </ol>
    ),
  },
  {
    question: "Are my tokens secure?",
    answer:
      "Your balance is kept in a double-entry ledger: every movement is recorded once and can never be edited, no balance can go below zero, and every transfer and withdrawal needs your signed-in session. Tokens in your own crypto wallet are protected by your wallet's keys — never share your recovery phrase.",
  },
  {
    question: "Can I withdraw my tokens to crypto?",
    answer: (
      <>
        Yes. Click Withdraw and choose Ethereum, Bitcoin, USDC, USDT or LOOP on chain, then enter your address. The minimum is{" "}
        <MinimumWithdrawal /> LOOP. An admin reviews each withdrawal: LOOP on chain is then sent by the vault, other crypto by the admin by
        hand. There is no fee: the platform pays the network fee.
      </>
    ),
  },
  {
    question: "Can I buy tokens with crypto?",
    answer: <BuyWithCryptoAnswer />,
  },
];

/** A single-open accordion: opening one answer closes the other. */
export function FaqAccordion() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-border rounded-xl border border-border bg-card/60">
      {FAQ_ITEMS.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-medium transition-colors hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring"
              >
                {item.question}
                <ChevronDown
                  className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
                  aria-hidden
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-sm leading-relaxed text-muted-foreground"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The FAQ & How it Works tab (docs/product.md#token-page): benefit cards, the accordion and a call to action. */
export function FaqTab({ onOpenWallet }: { onOpenWallet: () => void }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-3">
        {BENEFITS.map((benefit) => (
          <Card key={benefit.title} className="p-5">
            <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/15 text-violet-200">{benefit.icon}</span>
            <h3 className="mt-3 font-semibold">{benefit.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{benefit.text}</p>
          </Card>
        ))}
      </div>
      <section aria-labelledby="faq-title">
        <h2 id="faq-title" className="mb-3 text-lg font-semibold">
          Frequently Asked Questions
        </h2>
        <FaqAccordion />
      </section>
      <Card className="flex flex-col items-start gap-4 bg-gradient-to-r from-primary/20 via-card to-accent/15 p-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <Sparkles className="size-5 text-pink-300" aria-hidden />
            Ready to put your LOOP to work?
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">Send tokens, order more or cash out from your wallet.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onOpenWallet}>Open My Wallet</Button>
          <Button asChild variant="outline">
            <Link to={paths.home()}>Browse Loops</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
