// Shared test helpers: the fixture (token, vault, marketplace, roles, funded accounts), typed
// contract handles, quote and permit signing, and revert assertions by custom-error name.
import { expect } from "chai";
import hre from "hardhat";
import {
  ContractFunctionRevertedError,
  decodeErrorResult,
  getAddress,
  getContract,
  keccak256,
  parseEventLogs,
  parseEther,
  stringToBytes,
  toHex,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import type { loopMarketplaceAbi, loopTokenAbi, loopVaultAbi } from "../generated/abis.mjs";
import { FORMAT_CODES, quoteDomain, quoteTypes, type Quote } from "../quote.mjs";

export type WalletClient = Awaited<ReturnType<typeof hre.viem.getWalletClients>>[number];
export type PublicClient = Awaited<ReturnType<typeof hre.viem.getPublicClient>>;

export const LOOP = 10n ** 18n;
export const WEI_PER_LEDGER_UNIT = 10n ** 10n;
export const MP3: number = FORMAT_CODES.mp3;
export const WAV: number = FORMAT_CODES.wav;
export const DAY = 24n * 60n * 60n;
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;
export const INITIAL_BALANCE = parseEther("1000000");
/** LoopVault.PAYOUT_PERIOD: the payout limit applies per day. */
export const PAYOUT_PERIOD = DAY;
/** The fixture's payout limit per period unless a test asks for another. */
export const DEFAULT_PAYOUT_LIMIT = parseEther("1000000");

/** The checksummed address of a wallet (Hardhat's wallet clients carry lower-case ones). */
export const addressOf = (wallet: WalletClient): Address => getAddress(wallet.account.address);

export const role = (name: string): Hex => (name === "DEFAULT_ADMIN_ROLE" ? zeroHash : keccak256(stringToBytes(name)));
export const id = (text: string): Hex => keccak256(toHex(text));

/** A typed viem contract for `abi` at `address`, acting as `wallet`. */
export function bind<const TAbi extends Abi>(abi: TAbi, address: Address, publicClient: PublicClient, wallet: WalletClient) {
  return getContract({ abi, address, client: { public: publicClient, wallet } });
}

type AbiOf<T extends "LoopToken" | "LoopVault" | "LoopMarketplace"> = T extends "LoopToken"
  ? typeof loopTokenAbi
  : T extends "LoopVault"
    ? typeof loopVaultAbi
    : typeof loopMarketplaceAbi;

/** The compiled ABI (from the artifacts, so the tests never run against stale generated files), typed. */
export async function abiOf<T extends "LoopToken" | "LoopVault" | "LoopMarketplace">(name: T): Promise<AbiOf<T>> {
  return (await hre.artifacts.readArtifact(name)).abi as unknown as AbiOf<T>;
}

/** Every custom error of every compiled contract (to decode errors bubbling up from the token). */
let allErrors: Abi | undefined;
async function errorAbi(): Promise<Abi> {
  if (!allErrors) {
    const names = await hre.artifacts.getAllFullyQualifiedNames();
    const seen = new Set<string>();
    const errors: Abi[number][] = [];
    for (const name of names) {
      for (const item of (await hre.artifacts.readArtifact(name)).abi as Abi) {
        if (item.type !== "error") continue;
        const key = `${item.name}(${item.inputs.map((i) => i.type).join(",")})`;
        if (!seen.has(key)) {
          seen.add(key);
          errors.push(item);
        }
      }
    }
    allErrors = errors as Abi;
  }
  return allErrors;
}

/** The custom error a failed call reverted with: { name, args }, from viem's error or Hardhat's revert data. */
export async function revertOf(error: unknown): Promise<{ name: string; args: readonly unknown[] } | null> {
  for (let cause: unknown = error, depth = 0; cause && depth < 10; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (cause instanceof ContractFunctionRevertedError && cause.data?.errorName) {
      return { name: cause.data.errorName, args: cause.data.args ?? [] };
    }
    const data = (cause as { data?: unknown; raw?: unknown }).data ?? (cause as { raw?: unknown }).raw;
    if (typeof data === "string" && /^0x[0-9a-fA-F]{8}/.test(data)) {
      const decoded = decodeErrorResult({ abi: await errorAbi(), data: data as Hex });
      return { name: decoded.errorName, args: decoded.args ?? [] };
    }
  }
  return null;
}

/** Asserts that `promise` reverts with the custom error `name` (and `args`, when given). */
export async function expectRevert(promise: Promise<unknown>, name: string, args?: readonly unknown[]): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) expect.fail(`expected a revert with ${name}, but the call succeeded`);
  const reverted = await revertOf(error);
  if (!reverted) throw error;
  expect(reverted.name, `custom error (${String(error).split("\n")[0]})`).to.equal(name);
  if (args) expect(reverted.args).to.deep.equal(args);
}

export interface FixtureOptions {
  disputeWindow?: bigint;
  /** LoopVault's payout limit per period (wei). */
  payoutLimit?: bigint;
}

/**
 * The deployed system with its roles, as the deploy plan grants them; accounts: 0 admin, 1-5 users,
 * 7 arbiter, 8 operator (and settings), 9 quote signer; the marketplace has the vault's MARKETPLACE_ROLE.
 */
export async function deploySystem({ disputeWindow = 0n, payoutLimit = DEFAULT_PAYOUT_LIMIT }: FixtureOptions = {}) {
  const publicClient = await hre.viem.getPublicClient();
  const wallets = await hre.viem.getWalletClients();
  const [admin, buyer, seller, other, buyer2, seller2] = wallets.slice(0, 6) as [
    WalletClient,
    WalletClient,
    WalletClient,
    WalletClient,
    WalletClient,
    WalletClient,
  ];
  const arbiter = wallets[7]!;
  const operator = wallets[8]!;
  const signer = wallets[9]!;
  const tokenAbi = await abiOf("LoopToken");
  const vaultAbi = await abiOf("LoopVault");
  const marketplaceAbi = await abiOf("LoopMarketplace");

  const tokenAddress = getAddress((await hre.viem.deployContract("LoopToken", [addressOf(admin)])).address);
  const vaultAddress = getAddress((await hre.viem.deployContract("LoopVault", [tokenAddress, addressOf(admin), payoutLimit])).address);
  const marketplaceAddress = getAddress(
    (await hre.viem.deployContract("LoopMarketplace", [tokenAddress, vaultAddress, addressOf(admin), disputeWindow])).address,
  );

  const as = (wallet: WalletClient) => ({
    token: bind(tokenAbi, tokenAddress, publicClient, wallet),
    vault: bind(vaultAbi, vaultAddress, publicClient, wallet),
    marketplace: bind(marketplaceAbi, marketplaceAddress, publicClient, wallet),
  });
  const { token, vault, marketplace } = as(admin);
  await token.write.grantRole([role("MINTER_ROLE"), addressOf(admin)]);
  await marketplace.write.grantRole([role("QUOTE_SIGNER_ROLE"), addressOf(signer)]);
  await marketplace.write.grantRole([role("ARBITER_ROLE"), addressOf(arbiter)]);
  await marketplace.write.grantRole([role("OPERATOR_ROLE"), addressOf(operator)]);
  // As deployed (SETTINGS_ADDRESS defaults to the operator): the API changes the window with the operator key.
  await marketplace.write.grantRole([role("SETTINGS_ROLE"), addressOf(operator)]);
  await vault.write.grantRole([role("OPERATOR_ROLE"), addressOf(operator)]);
  await vault.write.grantRole([role("MARKETPLACE_ROLE"), marketplaceAddress]);
  for (const user of [buyer, seller, other, buyer2, seller2]) await token.write.mint([addressOf(user), INITIAL_BALANCE]);

  const chainId = await publicClient.getChainId();
  return {
    publicClient,
    wallets,
    admin,
    buyer,
    seller,
    other,
    buyer2,
    seller2,
    arbiter,
    operator,
    signer,
    token,
    vault,
    marketplace,
    tokenAbi,
    vaultAbi,
    marketplaceAbi,
    chainId,
    disputeWindow,
    payoutLimit,
    as,
  };
}

export type System = Awaited<ReturnType<typeof deploySystem>>;

export async function now(publicClient: PublicClient): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

let orderCounter = 0;
/** A quote with sensible defaults (fresh order id, deadline an hour ahead). */
export async function makeQuote(system: System, overrides: Partial<Quote> = {}): Promise<Quote> {
  orderCounter += 1;
  return {
    buyer: addressOf(system.buyer),
    seller: addressOf(system.seller),
    loopId: id("loop-1"),
    format: MP3,
    price: 100n * LOOP,
    fee: 2n * LOOP,
    orderId: id(`order-${orderCounter}-${Math.random()}`),
    deadline: (await now(system.publicClient)) + 3600n,
    ...overrides,
  };
}

/** The quote signer's EIP-712 signature (domain: `chainId` and `verifyingContract`, default the fixture's). */
export function signQuote(
  system: System,
  quote: Quote,
  {
    by = system.signer,
    chainId = system.chainId,
    verifyingContract = system.marketplace.address,
  }: { by?: WalletClient; chainId?: number; verifyingContract?: Address } = {},
): Promise<Hex> {
  return by.signTypedData({ domain: quoteDomain(chainId, verifyingContract), types: quoteTypes, primaryType: "Quote", message: quote });
}

/** An EIP-2612 permit by `owner` for `spender`, as the PermitInput struct. */
export async function signPermit(system: System, owner: WalletClient, spender: Address, value: bigint, deadline?: bigint) {
  const nonce = await system.token.read.nonces([addressOf(owner)]);
  const until = deadline ?? (await now(system.publicClient)) + 3600n;
  const signature = await owner.signTypedData({
    domain: { name: "LOOP", version: "1", chainId: system.chainId, verifyingContract: system.token.address },
    types: {
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "Permit",
    message: { owner: addressOf(owner), spender, value, nonce, deadline: until },
  });
  const r = `0x${signature.slice(2, 66)}` as Hex;
  const s = `0x${signature.slice(66, 130)}` as Hex;
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return { value, deadline: until, v, r, s };
}

/** Buys with a fresh signed quote (approving price + fee first). */
export async function buy(system: System, overrides: Partial<Quote> = {}, buyer = system.buyer) {
  const quote = await makeQuote(system, { buyer: addressOf(buyer), ...overrides });
  const signature = await signQuote(system, quote);
  const { token, marketplace } = system.as(buyer);
  await token.write.approve([marketplace.address, quote.price + quote.fee]);
  const hash = await marketplace.write.purchase([quote, signature]);
  return { quote, signature, hash };
}

/** Token balances of several accounts. */
export async function balances(system: System, accounts: Address[]): Promise<bigint[]> {
  return Promise.all(accounts.map((a) => system.token.read.balanceOf([a])));
}

/** Decoded events of one contract in a transaction. */
export async function eventsOf<const TAbi extends Abi>(system: System, abi: TAbi, address: Address, hash: Hex) {
  const receipt = await system.publicClient.getTransactionReceipt({ hash });
  return parseEventLogs({ abi, logs: receipt.logs.filter((l) => l.address.toLowerCase() === address.toLowerCase()) });
}
