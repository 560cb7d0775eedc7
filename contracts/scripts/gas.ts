// Gas of the main calls, for `pnpm bench` (scripts/bench/contracts-gas.mjs). Deploys with the real
// deploy plan on Hardhat's in-process network (twice: dispute window 0 and 1 hour), makes each call
// once from the local role accounts, and prints one line `GAS_JSON {...}` with gasUsed per call.
// Buying LOOP with ETH (issue 40): a plain swap through the local Uniswap V2 router to the buyer's
// wallet, and LoopZap's swap and deposit into the vault, each of 0.01 ETH by the same account.
//   node_modules/.bin/hardhat run contracts/scripts/gas.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import hre from "hardhat";
import {
  createPublicClient,
  createWalletClient,
  custom,
  keccak256,
  parseEther,
  toHex,
  type Abi,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import localAccounts from "../local-accounts.json";
import { uniswapV2RouterAbi } from "../generated/abis.mjs";
import { quoteDomain, quoteTypes } from "../quote.mjs";
import { deploy } from "./deployer";

const WINDOW = 3600;

async function main() {
  const transport = custom(hre.network.provider);
  const publicClient = createPublicClient({ transport, pollingInterval: 10 });
  const abi = async (name: string) => (await hre.artifacts.readArtifact(name)).abi as Abi;
  const [tokenAbi, vaultAbi, marketAbi, zapAbi] = await Promise.all([
    abi("LoopToken"),
    abi("LoopVault"),
    abi("LoopMarketplace"),
    abi("LoopZap"),
  ]);
  const account = (key: string) => privateKeyToAccount(key as Hex);
  const buyer = account("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"); // #1
  const seller = localAccounts.funded.addresses[2] as Address; // #2
  const operator = account(localAccounts.roles.operator.privateKey);
  const signer = account(localAccounts.roles.quoteSigner.privateKey);
  const gas: Record<string, number> = {};

  async function send(
    name: string | null,
    from: ReturnType<typeof account>,
    address: Address,
    contractAbi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ) {
    const wallet = createWalletClient({ account: from, transport });
    const hash: Hash = await wallet.writeContract({
      address,
      abi: contractAbi,
      functionName,
      args,
      chain: null,
      ...(value ? { value } : {}),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} failed`);
    if (name) gas[name] = Number(receipt.gasUsed);
  }

  const dir = mkdtempSync(path.join(tmpdir(), "loop-gas-"));
  try {
    for (const window of [0, WINDOW]) {
      const env = { DISPUTE_WINDOW_SECONDS: String(window) };
      const { manifest } = await deploy({
        provider: hre.network.provider,
        artifacts: hre.artifacts,
        deploymentsDir: path.join(dir, String(window)),
        env,
        log: () => {},
      });
      const token = manifest.contracts.LoopToken!.address;
      const vault = manifest.contracts.LoopVault!.address;
      const market = manifest.contracts.LoopMarketplace!.address;
      const suffix = window === 0 ? " (paid at once)" : " (escrow)";

      if (window === 0) await send("ERC-20 transfer", buyer, token, tokenAbi, "transfer", [seller, parseEther("1")]);
      await send(null, buyer, token, tokenAbi, "approve", [market, parseEther("100000")]);
      const block = await publicClient.getBlock();
      const quote = {
        buyer: buyer.address,
        seller,
        loopId: keccak256(toHex("loop")),
        format: 0,
        price: parseEther("2495"),
        fee: parseEther("50"),
        orderId: keccak256(toHex(`order-${window}`)),
        deadline: block.timestamp + 3600n,
      };
      const signature = await signer.signTypedData({
        domain: quoteDomain(31337, market),
        types: quoteTypes,
        primaryType: "Quote",
        message: quote,
      });
      await send(`purchase${suffix}`, buyer, market, marketAbi, "purchase", [quote, signature]);
      if (window !== 0) {
        await hre.network.provider.request({ method: "evm_increaseTime", params: [WINDOW] });
        await send("release", buyer, market, marketAbi, "release", [quote.orderId]);
        continue;
      }
      const expiresAt = block.timestamp + 86400n;
      await send("openOffer", buyer, market, marketAbi, "openOffer", [keccak256(toHex("loop")), 0, seller, parseEther("2000"), expiresAt]);
      await send("settleOffer (accepted)", operator, market, marketAbi, "settleOffer", [1n, true, parseEther("2000")]);
      await send(null, buyer, token, tokenAbi, "approve", [vault, parseEther("100000")]);
      await send("deposit", buyer, vault, vaultAbi, "deposit", [parseEther("500"), keccak256(toHex("account"))]);
      await send("payout", operator, vault, vaultAbi, "payout", [seller, parseEther("500"), keccak256(toHex("withdrawal"))]);

      // Buying LOOP with ETH: the same amount, by the same buyer (who holds LOOP already), both ways.
      const { router, wrappedNative } = manifest.exchange!;
      const zap = manifest.contracts.LoopZap!.address;
      const deadline = (await publicClient.getBlock()).timestamp + 3600n;
      const swapPath = [wrappedNative, token];
      const ethIn = parseEther("0.01");
      await send(
        "swap ETH → LOOP (router)",
        buyer,
        router,
        uniswapV2RouterAbi,
        "swapExactETHForTokens",
        [1n, swapPath, buyer.address, deadline],
        ethIn,
      );
      await send("swap + deposit (LoopZap)", buyer, zap, zapAbi, "swapEthAndDeposit", [keccak256(toHex("account")), 1n, deadline], ethIn);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`GAS_JSON ${JSON.stringify(gas)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
