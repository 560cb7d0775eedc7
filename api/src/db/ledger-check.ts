// `pnpm ledger:check`: proves the ledger's invariants on the database of DATABASE_URL (the same
// environment as `pnpm --filter @loop/api migrate`); exits 1 and lists the violations otherwise.
import { loadConfig } from "../config";
import { checkLedger } from "../features/ledger/ledger-check";
import { createPrisma } from "./prisma";

async function main(): Promise<void> {
  const config = loadConfig();
  const prisma = createPrisma(config.databaseUrl, { poolSize: 1 });
  try {
    const violations = await checkLedger(prisma);
    const counts = await prisma.$queryRaw<{ entries: bigint; accounts: bigint }[]>`
      SELECT (SELECT COUNT(*) FROM "app"."ledger_entries") AS entries, (SELECT COUNT(*) FROM "app"."ledger_accounts") AS accounts`;
    const { entries, accounts } = counts[0]!;
    if (violations.length === 0) {
      console.log(`ledger:check: ok (${entries} entries, ${accounts} accounts)`);
      return;
    }
    console.error(`ledger:check: ${violations.length} violation(s):`);
    for (const v of violations) console.error(`- ${v.check}: ${v.subject} (${v.detail})`);
    process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`ledger:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
