#!/usr/bin/env node
// `pnpm --filter @loop/contracts compile`: hardhat compile (offline, npm solc), then the typed ABIs
// (contracts/generated/abis.mjs + abis.d.mts, committed).
import path from "node:path";
import { hardhat } from "./run.mjs";
import { writeGenerated } from "./generate-abis.mjs";

await hardhat(["compile"]);
for (const file of writeGenerated()) console.log(`Wrote ${path.relative(process.cwd(), file)}`);
