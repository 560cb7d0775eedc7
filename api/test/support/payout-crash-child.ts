// A separate API process for the payout tests: it processes one `loop` withdrawal as the admin's
// request does and kills itself (SIGKILL: no handler, no cleanup) when the payout reaches a step.
// argv: <withdrawal id> <admin id> <step>; the configuration comes from the environment, as main.ts's.
import { withdrawalStatusUpdateSchema } from "@loop/rules/schemas/withdrawals";
import { loadConfig } from "../../src/config";
import { createChainClients } from "../../src/chain/clients";
import { createPrisma } from "../../src/db/prisma";
import type { AppDeps, PayoutStep, TestHooks } from "../../src/deps";
import { updateWithdrawalStatus } from "../../src/features/withdrawals/withdrawals.service";
import { createSmtpMailer } from "../../src/mail/mailer";
import { openStorage } from "../../src/storage/open-storage";

const [withdrawalId, adminId, step] = process.argv.slice(2) as [string, string, PayoutStep];
const config = loadConfig();
const deps: AppDeps = {
  config,
  prisma: createPrisma(config.databaseUrl),
  mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
  chains: createChainClients(config.chains),
  storage: await openStorage(config.storage),
};
const testHooks: TestHooks = {
  payoutProbe: (at) => {
    if (at === step) process.kill(process.pid, "SIGKILL");
  },
};
// The body as the route parses it (admin-withdrawals.router.ts).
await updateWithdrawalStatus(deps, adminId, withdrawalId, withdrawalStatusUpdateSchema.parse({ status: "processing" }), testHooks);
console.error(`payout-crash-child: the payout of ${withdrawalId} never reached ${step}`);
process.exit(2);
