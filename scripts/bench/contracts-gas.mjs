// Gas of the LOOP contracts' main calls (purchase, release, openOffer, settleOffer, deposit, payout),
// each also as a ratio to a plain ERC-20 transfer (LoopToken.transfer to an account that already
// holds LOOP). Measured on Hardhat's in-process network with the real deploy plan
// (contracts/scripts/gas.ts). Buying LOOP with ETH (issue 40): LoopZap's swap and deposit printed
// beside a plain swap through the Uniswap V2 router, with its ratio to it. The benchmark's value is
// the escrowed purchase, the costliest call a buyer makes.
import { spawn } from "node:child_process";
import path from "node:path";

export const name = "contracts-gas";
export const description = "gas of the contracts' main calls, and each as a ratio to an ERC-20 transfer";
export const BUDGET_KGAS = 200;

function runGasScript(root, log) {
  return new Promise((resolve, reject) => {
    const hardhat = path.join(root, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
    const child = spawn(process.execPath, [hardhat, "run", "contracts/scripts/gas.ts"], {
      cwd: root,
      env: { ...process.env, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("GAS_JSON "));
      if (code !== 0 || !line) {
        for (const l of `${out}\n${err}`.split("\n").filter(Boolean)) log(l);
        reject(new Error(`contracts/scripts/gas.ts exited with code ${code}`));
        return;
      }
      resolve(JSON.parse(line.slice("GAS_JSON ".length)));
    });
  });
}

export async function run({ root, log }) {
  const gas = await runGasScript(root, log);
  const transfer = gas["ERC-20 transfer"];
  const order = [
    "purchase (paid at once)",
    "purchase (escrow)",
    "release",
    "openOffer",
    "settleOffer (accepted)",
    "deposit",
    "payout",
    "swap ETH → LOOP (router)",
    "swap + deposit (LoopZap)",
  ];
  const rows = [["ERC-20 transfer", transfer], ...order.map((key) => [key, gas[key]])];
  for (const [key, value] of rows) if (typeof value !== "number") throw new Error(`no gas figure for ${key}`);
  const swap = gas["swap ETH → LOOP (router)"];
  const zap = gas["swap + deposit (LoopZap)"];
  return {
    value: gas["purchase (escrow)"] / 1000,
    unit: "k gas",
    budget: BUDGET_KGAS,
    details: [
      `  ${"call".padEnd(26)} ${"gas".padStart(9)}   × ERC-20 transfer`,
      ...rows.map(([key, value]) => `  ${key.padEnd(26)} ${String(value).padStart(9)}   ${(value / transfer).toFixed(2).padStart(6)}`),
      `  LoopZap: ${(zap / swap).toFixed(2)} × the plain swap (${zap - swap} gas more: the vault's deposit, and the remainder below a ledger unit back to the buyer)`,
    ],
  };
}
