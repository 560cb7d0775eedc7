import type { ClientConfig } from "@loop/rules/chains";
import type { AppConfig } from "../../config";

/** What the browser needs to know about chains and sign-in; nothing secret. */
export function toClientConfig(config: AppConfig): ClientConfig {
  return {
    // The public RPC URL only: the server's (RPC_URL_<id>) may carry a provider's key.
    chains: config.chains.map(({ id, name, publicRpcUrl, contracts, exchange }) => ({
      id,
      name,
      publicRpcUrl,
      contracts,
      exchange: exchange ?? null,
      // What a deposit (and a buy through LoopZap) waits for before it is credited: the pages say so.
      confirmations: config.settlement.confirmations[id] ?? 0,
    })),
    defaultChainId: config.defaultChainId,
    walletConnectProjectId: config.walletConnectProjectId,
    oidc: config.oidc ? { accountUrl: config.oidc.accountUrl } : null,
    paypal: config.paypal ? { clientId: config.paypal.clientId } : null,
    stripe: config.stripe ? { publishableKey: config.stripe.publishableKey } : null,
  };
}
