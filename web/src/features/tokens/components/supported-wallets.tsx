import { ExternalLink, Wallet } from "lucide-react";
import { Card } from "@/components/ui/card";

const WALLETS = [
  { name: "MetaMask", description: "Browser extension and mobile app", url: "https://metamask.io/" },
  { name: "Trust Wallet", description: "Mobile wallet with a built-in browser", url: "https://trustwallet.com/" },
  { name: "Rabby", description: "Browser wallet for EVM networks", url: "https://rabby.io/" },
] as const;

/** 'Supported Crypto Wallets' (docs/product.md#token-page): three wallets that hold LOOP and sign in to the app. */
export function SupportedWallets() {
  return (
    <Card aria-labelledby="supported-wallets-title" className="p-6">
      <h2 id="supported-wallets-title" className="flex items-center gap-2 text-lg font-semibold">
        <Wallet className="size-5 text-primary" aria-hidden />
        Supported Crypto Wallets
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {WALLETS.map((wallet) => (
          <li key={wallet.name}>
            <a
              href={wallet.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-full items-start gap-3 rounded-xl border border-border bg-surface/50 p-4 transition-colors hover:border-primary/60 hover:bg-primary/10"
            >
              <span className="min-w-0">
                <span className="flex items-center gap-1.5 font-semibold">
                  {wallet.name}
                  <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden />
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{wallet.description}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
