// A chain event that moved value the app could not record as it should (an accepted offer whose
// sale cannot be made, a payout for a withdrawal given back in the app) is never silent: settled
// with the outcome 'discrepancy', it gets a row in app.settlement_discrepancies in the same
// transaction, every admin is told, and the admin overview lists it until an admin resolves it.
import { paths } from "@loop/rules/paths";
import type { Tx } from "../../db/prisma";
import { createNotificationInTx } from "../notifications/create-notification";
import type { IndexedEvent } from "./settlement-handler";

export const SETTLEMENT_DISCREPANCY_TITLE = "Settlement Discrepancy";

/** Every admin hears of `detail` in the bell (in the caller's transaction). */
export async function tellAdminsInTx(tx: Tx, title: string, detail: string): Promise<void> {
  const admins = await tx.user.findMany({ where: { isAdmin: true, isBanned: false }, select: { id: true } });
  for (const admin of admins) {
    await createNotificationInTx(tx, {
      userId: admin.id,
      type: "error",
      title,
      message: detail,
      actionUrl: paths.admin(),
      actionText: "Open the dashboard",
    });
  }
}

/**
 * Records the discrepancy of a settled event (its app.settled_events row written first) and, unless
 * the handler told them already, tells every admin.
 */
export async function recordDiscrepancyInTx(
  tx: Tx,
  kind: string,
  event: IndexedEvent,
  { detail, adminsTold }: { detail: string; adminsTold: boolean },
): Promise<void> {
  await tx.settlementDiscrepancy.create({
    data: { chainId: event.chainId, genesisHash: event.genesisHash, txHash: event.txHash, logIndex: event.logIndex, kind, detail },
  });
  if (!adminsTold)
    await tellAdminsInTx(tx, SETTLEMENT_DISCREPANCY_TITLE, `${detail} (chain ${event.chainId}, transaction ${event.txHash}).`);
}
