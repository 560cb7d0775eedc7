// `pnpm --filter @loop/api migrate`: apply pending migrations, then seed demo data on an empty database.
import { loadConfig } from "../config";
import { migrate } from "./migrate";
import { createPrisma } from "./prisma";
import { seed } from "./seed";

async function main(): Promise<void> {
  const config = loadConfig();
  const result = await migrate({ databaseUrl: config.databaseUrl });
  const applied = result.applied.length ? `applied ${result.applied.join(", ")}` : "nothing to apply";
  console.log(`migrate: ${applied} (${result.alreadyApplied} already applied)`);
  if (result.unknown.length) console.warn(`migrate: the database has migrations this build does not know: ${result.unknown.join(", ")}`);

  const prisma = createPrisma(config.databaseUrl);
  try {
    const seeded = await seed(prisma, { adminEmail: config.adminEmail });
    console.log(
      seeded.seeded
        ? `seed: ${seeded.genres} genres, ${seeded.users} users (admin: ${config.adminEmail})`
        : "seed: skipped, the database already has data",
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
