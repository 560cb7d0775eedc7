// LoopVault.Deposited(from, accountRef, amount): wallet LOOP entered the vault for an in-app
// account. Credits that account from `clearing` (where LOOP that left the app is counted, so a
// deposit brings it back) and tells the user. A reference that names no user is kept as unmatched:
// the LOOP stays in the vault's reserve and an admin can credit it by hand. So is a deposit on a
// chain of the other kind than the deployment's (testnet LOOP on a mainnet deployment, or the
// reverse): the credit is 1:1, so free test LOOP must never become spendable money.
// A deposit made by the chain's LoopZap (its manifest's `contracts.LoopZap`) is LOOP the member
// bought with the chain's coin in one transaction (Buy with ETH): its history entry and notice say
// so ("Bought with ETH", BNB on BNB Smart Chain) instead of naming the zap's address as their wallet.
import { chainKind, nativeCoinOf, type ChainConfig, type ChainKind } from "@loop/rules/chains";
import { userIdOfDepositRef } from "@loop/rules/deposit-ref";
import { paths } from "@loop/rules/paths";
import { formatLoop, formatLoopBrief, weiToLedgerUnits } from "@loop/rules/units";
import { getAddress } from "viem";
import type { Tx } from "../../../db/prisma";
import { platformAccountId, postEntryInTx } from "../../ledger/ledger.service";
import { createNotificationInTx } from "../../notifications/create-notification";
import { eventKey, type IndexedEvent, type SettlementHandler, type SettlementOutcome } from "../settlement-handler";

/** The chain's LoopZap, when the deposit came from it: the coin the member bought the LOOP with. */
function boughtWith(chains: readonly ChainConfig[], chainId: number, from: string): string | null {
  const zap = chains.find((chain) => chain.id === chainId)?.exchange?.zap;
  return zap && getAddress(zap) === from ? nativeCoinOf(chainId) : null;
}

async function applyDeposit(
  tx: Tx,
  event: IndexedEvent,
  { chainKind: deploymentKind, chains }: { chainKind: ChainKind; chains: readonly ChainConfig[] },
): Promise<SettlementOutcome> {
  const from = getAddress(event.args.from!);
  // Settlement reads only the configured chains, all of one kind (config.ts refuses a mix); checked
  // here too, so that no other path to this handler can ever credit test LOOP as money.
  const kind = chainKind(event.chainId);
  if (kind !== deploymentKind) {
    return {
      outcome: "unmatched",
      detail: `chain ${event.chainId} is ${kind ? `a ${kind}` : "not a known chain"}; this deployment runs on ${deploymentKind}s: ${event.args.amount} wei from ${from} not credited`,
    };
  }
  const units = weiToLedgerUnits(BigInt(event.args.amount!));
  // The vault refuses amounts that are not whole ledger units, so this only guards against a foreign contract.
  if (units === null || units <= 0n)
    return { outcome: "unmatched", detail: `amount ${event.args.amount} wei is not a whole number of ledger units` };
  const userId = userIdOfDepositRef(event.args.account_ref!);
  const user = userId ? await tx.user.findUnique({ where: { id: userId }, select: { id: true } }) : null;
  if (!user)
    return {
      outcome: "unmatched",
      detail: `account reference ${event.args.account_ref} names no user; ${formatLoop(units)} LOOP from ${from}`,
    };

  const coin = boughtWith(chains, event.chainId, from);
  const clearing = await platformAccountId(tx, "clearing");
  await postEntryInTx(tx, {
    idempotencyKey: `deposit:${eventKey(event)}`,
    kind: "deposit",
    description: coin ? `Bought with ${coin}` : `Deposit from wallet ${from}`,
    postings: [
      { accountId: clearing, amount: -units },
      { userId: user.id, amount: units },
    ],
  });
  await createNotificationInTx(tx, {
    userId: user.id,
    type: "success",
    title: coin ? "LOOP Bought" : "Deposit Received",
    message: coin
      ? `${formatLoopBrief(units)} LOOP bought with ${coin} were added to your balance.`
      : `${formatLoopBrief(units)} LOOP from your wallet were added to your balance.`,
    actionUrl: paths.tokens(),
    actionText: "View balance",
  });
  return { outcome: "applied", detail: `${formatLoop(units)} LOOP to ${user.id}` };
}

export const depositedHandler: SettlementHandler = {
  kind: "deposited",
  table: "deposited",
  columns: ["from", "account_ref", "amount"],
  apply: (tx, event, deps) => applyDeposit(tx, event, deps.config),
};
