// POST /api/admin/vault/deposit: moves platform earnings (the fees account) into the withdrawal
// reserve (the vault account) as one 'vault_deposit' ledger entry. Never more than the fees hold.
import { randomUUID } from "node:crypto";
import { type VaultDepositRequest } from "@loop/rules/schemas/admin";
import { formatLoop, parseLoop } from "@loop/rules/units";
import type { PrismaClient, Tx } from "../../db/prisma";
import { platformAccountId, postEntryInTx } from "../ledger/ledger.service";
import { recordAdminActionInTx } from "./audit-log";
import { TX_QUEUED } from "../../db/transactions";
import { DomainError } from "../../domain-error";

/**
 * `tx` is the transaction of the Idempotency-Key when there is one (`key`), else null: the deposit
 * then runs in its own. `key` makes the entry's key, so a retried deposit moves the money once.
 * Platform accounts may go negative in the database, so the fees balance is checked here, on the
 * locked row: two deposits at once cannot both take the same earnings.
 */
export async function depositToVault(
  prisma: PrismaClient,
  tx: Tx | null,
  adminId: string,
  input: VaultDepositRequest,
  key: string | null,
): Promise<void> {
  const amount = parseLoop(input.amount)!;
  const work = async (tx: Tx) => {
    const fees = await platformAccountId(tx, "fees");
    const vault = await platformAccountId(tx, "vault");
    // The same order as the ledger's own locks (by id), so this never deadlocks with it.
    const rows = await tx.$queryRaw<{ id: string; balance: bigint }[]>`
      SELECT "id", "balance" FROM "app"."ledger_accounts" WHERE "id" = ANY(${[fees, vault].sort()}::uuid[]) ORDER BY "id" FOR UPDATE`;
    const earnings = rows.find((row) => row.id === fees)!.balance;
    if (amount > earnings) throw new DomainError("INSUFFICIENT_EARNINGS", { availableUnits: earnings });
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `vault-deposit:${adminId}:${key ?? randomUUID()}`,
      kind: "vault_deposit",
      description: "Platform earnings to the withdrawal reserve",
      postings: [
        { accountId: fees, amount: -amount },
        { accountId: vault, amount },
      ],
    });
    // A replayed key posts nothing: nothing to record either.
    if (entry.created) {
      const vaultBefore = rows.find((row) => row.id === vault)!.balance;
      await recordAdminActionInTx(tx, {
        adminId,
        action: "vault.deposited",
        targetType: "vault",
        targetId: entry.id,
        before: { platformEarnings: formatLoop(earnings), availableWithdrawal: formatLoop(vaultBefore) },
        after: {
          amount: formatLoop(amount),
          platformEarnings: formatLoop(earnings - amount),
          availableWithdrawal: formatLoop(vaultBefore + amount),
        },
      });
    }
  };
  await (tx ? work(tx) : prisma.$transaction(work, TX_QUEUED));
}
