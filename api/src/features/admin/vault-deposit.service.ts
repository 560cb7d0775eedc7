// POST /api/admin/vault/deposit: moves platform earnings (the fees account) into the withdrawal
// reserve (the vault account) as one 'vault_deposit' ledger entry. Never more than the fees hold.
import { randomUUID } from "node:crypto";
import { type VaultDepositRequest } from "@loop/rules/schemas/admin";
import { formatLoop, parseLoop } from "@loop/rules/units";
import type { PrismaClient, Tx } from "../../db/prisma";
import { postEntryInTx, type PostingInput } from "../ledger/ledger.service";
import { recordAdminActionInTx } from "./audit-log";
import { TX_QUEUED } from "../../db/transactions";
import { DomainError } from "../../domain-error";

/** Debits taking `amount` from the shards that hold earnings, largest first (never below zero; their sum covers it). */
function takenFromShards(shards: readonly { id: string; balance: bigint }[], amount: bigint): PostingInput[] {
  const postings: PostingInput[] = [];
  let left = amount;
  for (const shard of [...shards].sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : 0))) {
    if (left === 0n || shard.balance <= 0n) break;
    const taken = shard.balance < left ? shard.balance : left;
    postings.push({ accountId: shard.id, amount: -taken });
    left -= taken;
  }
  return postings;
}

/**
 * `tx` is the transaction of the Idempotency-Key when there is one (`key`), else null: the deposit
 * then runs in its own. `key` makes the entry's key, so a retried deposit moves the money once.
 * Platform accounts may go negative in the database, so the fees' balance (the sum of its shards)
 * is checked here, on the locked rows: two deposits at once cannot both take the same earnings.
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
    // Every shard of fees and the vault, locked in the ledger's own order (by id), so this never
    // deadlocks with it; the earnings are the shards' sum.
    const rows = await tx.$queryRaw<{ id: string; kind: string; balance: bigint }[]>`
      SELECT "id"::text AS id, "kind", "balance" FROM "app"."ledger_accounts"
      WHERE "user_id" IS NULL AND "kind" IN ('fees', 'vault') ORDER BY "id" FOR UPDATE`;
    const shards = rows.filter((row) => row.kind === "fees");
    const vault = rows.find((row) => row.kind === "vault")!;
    const earnings = shards.reduce((sum, row) => sum + row.balance, 0n);
    if (amount > earnings) throw new DomainError("INSUFFICIENT_EARNINGS", { availableUnits: earnings });
    const entry = await postEntryInTx(tx, {
      idempotencyKey: `vault-deposit:${adminId}:${key ?? randomUUID()}`,
      kind: "vault_deposit",
      description: "Platform earnings to the withdrawal reserve",
      postings: [...takenFromShards(shards, amount), { accountId: vault.id, amount }],
    });
    // A replayed key posts nothing: nothing to record either.
    if (entry.created) {
      const vaultBefore = vault.balance;
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
