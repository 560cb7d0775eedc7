import type { Negotiation, NegotiationAction } from "@loop/rules/schemas/negotiations";

/** What is being answered: the offer as listed (its `version` goes back with the answer) and the chosen action. */
export interface ResponseTarget {
  negotiation: Negotiation;
  action: NegotiationAction;
}

/** The buyer accepting the counter on a wallet-funded offer: done from the wallet (changeOffer), not by the API. */
export const isWalletCounterAccept = ({ negotiation, action }: ResponseTarget) =>
  negotiation.funding === "wallet" && negotiation.status === "counter" && action === "accept";

export type ResponseCopy = { title: string; description: string; submit: string };

/** The Respond dialog's title, description and submit button for an action on an offer. */
export function responseCopy({ negotiation, action }: ResponseTarget): ResponseCopy {
  const { loop, buyer } = negotiation;
  const offer = `$${negotiation.offerAmount}`;
  const counter = negotiation.counterOffer ? `$${negotiation.counterOffer}` : offer;
  const format = negotiation.format.toUpperCase();
  const byWallet = negotiation.funding === "wallet";
  // A counter is answered by the buyer; a pending offer by the seller (or withdrawn by the buyer).
  if (negotiation.status === "counter" && byWallet) {
    return action === "accept"
      ? {
          title: "Accept Counter Offer",
          description: `Buy ${loop.title} (${format}) for ${counter} plus the format fee by raising your escrowed offer to it from your wallet. The sale completes once it is settled on chain.`,
          submit: "Accept from Wallet",
        }
      : {
          title: "Reject Counter Offer",
          description: `The offer on ${loop.title} ends and your escrowed LOOP is returned to your wallet.`,
          submit: "Send Response",
        };
  }
  if (negotiation.status === "counter") {
    return action === "accept"
      ? {
          title: "Accept Counter Offer",
          description: `Buy ${loop.title} (${format}) for ${counter} plus the format fee. The sale completes at once.`,
          submit: "Send Response",
        }
      : {
          title: "Reject Counter Offer",
          description: `The offer on ${loop.title} ends and your held LOOP is released.`,
          submit: "Send Response",
        };
  }
  switch (action) {
    case "accept":
      return {
        title: "Accept Offer",
        description:
          negotiation.funding === "wallet"
            ? `Sell ${loop.title} (${format}) to ${buyer.username} for ${offer}. The escrow pays you once the acceptance is settled on chain (a few seconds).`
            : `Sell ${loop.title} (${format}) to ${buyer.username} for ${offer}. The sale completes at once.`,
        submit: "Send Response",
      };
    case "counter":
      return {
        title: "Counter Offer",
        description: `Name your price for ${loop.title}; ${buyer.username} offered ${offer} and can accept or reject your counter.`,
        submit: "Send Response",
      };
    case "reject":
      return {
        title: "Reject Offer",
        description: `Decline ${buyer.username}'s offer of ${offer} on ${loop.title}. ${byWallet ? "Their escrowed LOOP is returned to their wallet." : "Their held LOOP is released."}`,
        submit: "Send Response",
      };
    case "withdraw":
      return {
        title: "Withdraw Offer",
        description: `Withdraw your offer of ${offer} on ${loop.title}? ${byWallet ? "Your escrowed LOOP is returned to your wallet." : "Your held LOOP is released."}`,
        submit: "Withdraw Offer",
      };
  }
}
