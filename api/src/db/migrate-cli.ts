// `pnpm --filter @loop/api migrate`: apply pending migrations, then seed demo data on an empty database
// (and the demo catalog on a database without loops, unless LOOP_DEMO_CATALOG=0).
import { loadConfig } from "../config";
import { openStorage } from "../storage/open-storage";
import { DEMO_CATALOG_ENV, demoCatalogEnabled, seedDemoCatalog } from "./demo-catalog/seed-demo-catalog";
import { migrate } from "./migrate";
import { createPrisma } from "./prisma";
import { seed } from "./seed";

async function main(): Promise<void> {
  const config = loadConfig();
  const result = await migrate({ databaseUrl: config.databaseUrl });
  const applied = result.applied.length ? `applied ${result.applied.join(", ")}` : "nothing to apply";
  console.log(`migrate: ${applied} (${result.alreadyApplied} already applied)`);
  if (result.rechecked.length) console.log(`migrate: recorded the current checksum of ${result.rechecked.join(", ")} (comments edited)`);
  if (result.unknown.length) console.warn(`migrate: the database has migrations this build does not know: ${result.unknown.join(", ")}`);

  const prisma = createPrisma(config.databaseUrl);
  try {
    const seeded = await seed(prisma, { adminEmail: config.adminEmail });
    console.log(
      seeded.seeded
        ? `seed: ${seeded.genres} genres, ${seeded.users} users (admin: ${config.adminEmail})`
        : "seed: skipped, the database already has data",
    );
    if (demoCatalogEnabled()) {
      const started = Date.now();
      const demo = await seedDemoCatalog(prisma, await openStorage(config.storage));
      console.log(
        demo.seeded
          ? `seed: demo catalog of ${demo.loops} loops and ${demo.tracks} tracks synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s; the API processes them in the background`
          : `seed: no demo catalog, ${demo.reason}`,
      );
    } else {
      console.log(`seed: demo catalog off (${DEMO_CATALOG_ENV}=${process.env[DEMO_CATALOG_ENV]})`);
    }
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
