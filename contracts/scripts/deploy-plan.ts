// What a deployment deploys, in which order, with which arguments, and the configuration after it
// (roles, and on the local chain the test funds). deploy.ts runs it and writes the manifest
// <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json for the API and the indexer.
//
// Configuration (environment; on the local chain 31337 every value has a default, the well-known
// Hardhat accounts of contracts/local-accounts.json; on any other chain the starred ones are required):
//   QUOTE_SIGNER_ADDRESS or QUOTE_SIGNER_PRIVATE_KEY *   LoopMarketplace QUOTE_SIGNER_ROLE (local: #9)
//   OPERATOR_ADDRESS or OPERATOR_PRIVATE_KEY *           marketplace + vault OPERATOR_ROLE (local: #8)
//   ARBITER_ADDRESS *                                    LoopMarketplace ARBITER_ROLE (local: #7)
//   SETTINGS_ADDRESS                                     LoopMarketplace SETTINGS_ROLE: changes the dispute
//                                                        window from the admin dashboard (default: the operator)
//   DISPUTE_WINDOW_SECONDS *                             escrow window of purchases (local: 0)
//   PAYOUT_LIMIT_LOOP *                                  LoopVault payout limit per period (one day), whole LOOP:
//                                                        the most a stolen operator key can pay out per day
//                                                        (local: 100000, a tenth of the local reserve)
//   VAULT_RESERVE_LOOP                                   local chain only: LOOP the deployer mints into the vault's
//                                                        reserve (default 1000000; elsewhere the treasury funds it
//                                                        with LoopVault.fundReserve)
//   ADMIN_ADDRESS                                        DEFAULT_ADMIN_ROLE of the three (default: the deployer)
//   TREASURY_ADDRESS                                     LoopToken MINTER_ROLE (default: the deployer)
//   FAUCET_ADDRESS                                       another MINTER_ROLE for test funds (local: the operator, #8)
//   UNISWAP_V2_ROUTER_ADDRESS                            the Uniswap-V2-compatible router LoopZap swaps through, on a
//   UNISWAP_V2_NAME                                      chain that contracts/exchanges.json does not list, or instead
//                                                        of the listed or (locally) deployed one; its name, default
//                                                        "Uniswap V2". On a chain with neither, no LoopZap is deployed
//
// The exchange (issue 40): after the LOOP contracts and their configuration, the deployment deploys
// LoopZap against the chain's Uniswap-V2-compatible router (contracts/exchanges.json: Uniswap V2 on
// Ethereum, PancakeSwap V2 on BSC), creates the LOOP/wrapped-coin pair when the factory has none, and
// records the exchange in the manifest. On the local chain it first deploys WETH9, UniswapV2Factory
// and UniswapV2Router02 from the Uniswap packages' builds, and seeds the pool at the platform's rate
// (LOCAL_POOL_ETH at LOCAL_ETH_PRICE_USD). On real chains the treasury adds the liquidity.
import { getAddress, isAddress, keccak256, parseEther, stringToBytes, zeroHash, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DeployedContract, DeploymentRoles } from "../manifest.mjs";
import exchanges from "../exchanges.json";
import localAccounts from "../local-accounts.json";

export type { DeployedContract, DeploymentManifest } from "../manifest.mjs";

export const LOCAL_CHAIN_ID = 31337;
/** LoopMarketplace.MAX_DISPUTE_WINDOW */
const MAX_DISPUTE_WINDOW_SECONDS = 30 * 24 * 60 * 60;
/** A whole number of LOOP (no sign, no decimals). */
const WHOLE_LOOP = /^\d+$/;

export interface DeployConfig {
  roles: DeploymentRoles & { settings: Address };
  disputeWindowSeconds: number;
  /** LoopVault's payout limit per period (one day), in wei (a whole number of LOOP). */
  payoutLimit: bigint;
  /** Local chain only: accounts to fund with LOOP, and how much each. */
  fund: { addresses: Address[]; amount: bigint } | null;
  /** Local chain only: LOOP the deployer puts into the vault's reserve. */
  vaultReserve: bigint;
  /** The exchange LoopZap swaps through; null: none on this chain (no LoopZap). */
  exchange: ExchangePlan | null;
}

export interface DeployContext {
  chainId: number;
  /** The account that deploys (Hardhat account #0 on the local chain). */
  deployer: Address;
  /** What earlier steps deployed, by step name. */
  deployed: Record<string, DeployedContract>;
  config: DeployConfig;
}

export interface DeployStep {
  /** Key in the manifest (the contract name). */
  name: "LoopToken" | "LoopVault" | "LoopMarketplace" | "LoopZap";
  /** Artifact name of the contract in contracts/src. */
  contract: string;
  /** Constructor arguments; may use what earlier steps deployed. */
  args: (context: DeployContext) => readonly unknown[];
}

function address(context: DeployContext, name: DeployStep["name"]): Address {
  const entry = context.deployed[name];
  if (!entry) throw new Error(`deploy plan: ${name} must be deployed before it is used`);
  return entry.address;
}

// Deployed by account #0 from nonce 0 on a fresh local chain, so the addresses are the same on
// every `pnpm dev` (see contracts/README.md).
export const DEPLOY_PLAN: DeployStep[] = [
  { name: "LoopToken", contract: "LoopToken", args: ({ deployer }) => [deployer] },
  {
    name: "LoopVault",
    contract: "LoopVault",
    args: (context) => [address(context, "LoopToken"), context.deployer, context.config.payoutLimit],
  },
  {
    name: "LoopMarketplace",
    contract: "LoopMarketplace",
    args: (context) => [
      address(context, "LoopToken"),
      address(context, "LoopVault"),
      context.deployer,
      BigInt(context.config.disputeWindowSeconds),
    ],
  },
];

/** After the exchange (deployer.ts): LoopZap swaps through `router` and deposits into the vault. */
export const ZAP_STEP: Omit<DeployStep, "args"> & { args: (context: DeployContext, router: Address) => readonly unknown[] } = {
  name: "LoopZap",
  contract: "LoopZap",
  args: (context, router) => [router, address(context, "LoopVault")],
};

/** A call of the configuration phase. */
export interface DeployCall {
  contract: DeployStep["name"];
  functionName: string;
  args: readonly unknown[];
  /** What the deploy log says. */
  describe: string;
}

/** An AccessControl role id: keccak256 of its name (OpenZeppelin), zero for DEFAULT_ADMIN_ROLE. */
export function roleHash(name: string): Hex {
  return name === "DEFAULT_ADMIN_ROLE" ? zeroHash : keccak256(stringToBytes(name));
}

/** The calls after deployment: roles, local test funds, and the hand-over to ADMIN_ADDRESS. */
export function configurationCalls(context: DeployContext): DeployCall[] {
  const { config, deployer } = context;
  const { roles } = config;
  const calls: DeployCall[] = [];
  const grant = (contract: DeployStep["name"], role: string, account: Address, who: string) =>
    calls.push({
      contract,
      functionName: "grantRole",
      args: [roleHash(role), account],
      describe: `${contract}.${role} → ${who} ${account}`,
    });

  roles.minters.forEach((minter, i) => grant("LoopToken", "MINTER_ROLE", minter, i === 0 ? "treasury" : "faucet"));
  grant("LoopMarketplace", "QUOTE_SIGNER_ROLE", roles.quoteSigner, "quote signer");
  grant("LoopMarketplace", "OPERATOR_ROLE", roles.operator, "operator");
  grant("LoopMarketplace", "ARBITER_ROLE", roles.arbiter, "arbiter");
  grant("LoopMarketplace", "SETTINGS_ROLE", roles.settings, "settings");
  grant("LoopVault", "OPERATOR_ROLE", roles.operator, "operator");
  // Sales to sellers without a wallet pay LoopVault: the marketplace credits its reserve.
  grant("LoopVault", "MARKETPLACE_ROLE", address(context, "LoopMarketplace"), "LoopMarketplace");

  // Test funds come from the deployer, which is the treasury (a minter) on the local chain.
  if (config.fund) {
    for (const to of config.fund.addresses) {
      calls.push({
        contract: "LoopToken",
        functionName: "mint",
        args: [to, config.fund.amount],
        describe: `mint ${config.fund.amount / 10n ** 18n} LOOP → ${to}`,
      });
    }
  }
  if (config.vaultReserve > 0n) {
    const vault = address(context, "LoopVault");
    calls.push({
      contract: "LoopToken",
      functionName: "mint",
      args: [deployer, config.vaultReserve],
      describe: `mint ${config.vaultReserve / 10n ** 18n} LOOP → deployer (vault reserve)`,
    });
    calls.push({ contract: "LoopToken", functionName: "approve", args: [vault, config.vaultReserve], describe: "approve the vault" });
    calls.push({
      contract: "LoopVault",
      functionName: "fundReserve",
      args: [config.vaultReserve],
      describe: `fund the vault reserve with ${config.vaultReserve / 10n ** 18n} LOOP`,
    });
  }

  if (getAddress(roles.admin) !== getAddress(deployer)) {
    for (const contract of ["LoopToken", "LoopVault", "LoopMarketplace"] as const) {
      calls.push({
        contract,
        functionName: "grantRole",
        args: [roleHash("DEFAULT_ADMIN_ROLE"), roles.admin],
        describe: `${contract}.DEFAULT_ADMIN_ROLE → admin ${roles.admin}`,
      });
      calls.push({
        contract,
        functionName: "renounceRole",
        args: [roleHash("DEFAULT_ADMIN_ROLE"), deployer],
        describe: `${contract}: the deployer renounces DEFAULT_ADMIN_ROLE`,
      });
    }
  }
  return calls;
}

// ------------------------------------------------------------------------- configuration

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function addressFrom(env: NodeJS.ProcessEnv, name: string): Address | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  if (!isAddress(raw, { strict: false })) throw new Error(`${name} is not an address: "${raw}"`);
  return getAddress(raw);
}

function keyAddress(env: NodeJS.ProcessEnv, name: string): Address | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const key = (raw.startsWith("0x") ? raw : `0x${raw}`) as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error(`${name} is not a 32-byte hex private key`);
  return privateKeyToAccount(key).address;
}

/**
 * The deployment's configuration from the environment. On the local chain every value defaults to
 * contracts/local-accounts.json; elsewhere the quote signer, operator, arbiter, dispute window and
 * payout limit are required.
 */
export function resolveConfig(chainId: number, deployer: Address, env: NodeJS.ProcessEnv = process.env): DeployConfig {
  const local = chainId === LOCAL_CHAIN_ID;
  const missing: string[] = [];
  const need = <T>(found: T | undefined, localDefault: T, names: string): T => {
    if (found !== undefined) return found;
    if (local) return localDefault;
    missing.push(names);
    return localDefault;
  };
  const defaults = localAccounts.roles;
  const quoteSigner = need(
    addressFrom(env, "QUOTE_SIGNER_ADDRESS") ?? keyAddress(env, "QUOTE_SIGNER_PRIVATE_KEY"),
    getAddress(defaults.quoteSigner.address),
    "QUOTE_SIGNER_ADDRESS or QUOTE_SIGNER_PRIVATE_KEY",
  );
  const operator = need(
    addressFrom(env, "OPERATOR_ADDRESS") ?? keyAddress(env, "OPERATOR_PRIVATE_KEY"),
    getAddress(defaults.operator.address),
    "OPERATOR_ADDRESS or OPERATOR_PRIVATE_KEY",
  );
  const arbiter = need(addressFrom(env, "ARBITER_ADDRESS"), getAddress(defaults.arbiter.address), "ARBITER_ADDRESS");
  const windowRaw = need(value(env, "DISPUTE_WINDOW_SECONDS"), String(localAccounts.disputeWindowSeconds), "DISPUTE_WINDOW_SECONDS");
  const payoutLimitRaw = need(value(env, "PAYOUT_LIMIT_LOOP"), localAccounts.payoutLimitLoop, "PAYOUT_LIMIT_LOOP");
  if (missing.length > 0) {
    throw new Error(`Deploying to chain ${chainId} needs ${missing.join(", ")} (only the local chain ${LOCAL_CHAIN_ID} has defaults)`);
  }
  const disputeWindowSeconds = Number(windowRaw);
  if (!/^\d+$/.test(windowRaw) || !Number.isSafeInteger(disputeWindowSeconds) || disputeWindowSeconds > MAX_DISPUTE_WINDOW_SECONDS) {
    throw new Error(`DISPUTE_WINDOW_SECONDS must be a whole number of seconds from 0 to ${MAX_DISPUTE_WINDOW_SECONDS}, got "${windowRaw}"`);
  }
  if (!WHOLE_LOOP.test(payoutLimitRaw)) throw new Error(`PAYOUT_LIMIT_LOOP must be a whole number of LOOP, got "${payoutLimitRaw}"`);
  const reserveRaw = value(env, "VAULT_RESERVE_LOOP");
  if (reserveRaw !== undefined && !local) {
    throw new Error(
      `VAULT_RESERVE_LOOP is for the local chain ${LOCAL_CHAIN_ID} only: on chain ${chainId} the treasury funds the reserve (LoopVault.fundReserve)`,
    );
  }
  if (reserveRaw !== undefined && !WHOLE_LOOP.test(reserveRaw))
    throw new Error(`VAULT_RESERVE_LOOP must be a whole number of LOOP, got "${reserveRaw}"`);
  const admin = addressFrom(env, "ADMIN_ADDRESS") ?? deployer;
  // The API sends setDisputeWindow with the operator key (OPERATOR_PRIVATE_KEY) unless told otherwise.
  const settings = addressFrom(env, "SETTINGS_ADDRESS") ?? operator;
  const treasury = addressFrom(env, "TREASURY_ADDRESS") ?? deployer;
  const faucet = addressFrom(env, "FAUCET_ADDRESS") ?? (local ? operator : undefined);
  // On the local chain the deployer mints the test funds, so it is a minter there too.
  const minters: Address[] = [];
  for (const minter of [treasury, faucet, local ? deployer : undefined]) {
    if (minter && !minters.some((m) => getAddress(m) === getAddress(minter))) minters.push(getAddress(minter));
  }
  return {
    roles: { admin, quoteSigner, operator, arbiter, settings, minters },
    disputeWindowSeconds,
    payoutLimit: parseEther(payoutLimitRaw),
    fund: local
      ? { addresses: localAccounts.funded.addresses.map((a) => getAddress(a)), amount: parseEther(localAccounts.funded.loopEach) }
      : null,
    vaultReserve: local ? parseEther(reserveRaw ?? localAccounts.vaultReserveLoop) : 0n,
    exchange: resolveExchange(chainId, env),
  };
}

// ------------------------------------------------------------------------- the exchange (issue 40)

/** The local chain's fixed dev ETH price, in USD (the local chain has no market to ask). */
export const LOCAL_ETH_PRICE_USD = 3_000n;
/** The platform's one rate: 500 LOOP = 1 USD (rules/src/units.ts LOOP_PER_USD). */
export const LOOP_PER_USD = 500n;
/**
 * The local pool's depth, its ETH side. At 2 ETH (3,000,000 LOOP), buying 1,000 LOOP (about $2)
 * moves the pool's price by about 0.07%; the default 5% price-impact bound is reached near $300.
 */
export const LOCAL_POOL_ETH = parseEther("2");
/** The local pool's LOOP side at the platform's rate: 2 ETH × $3,000 × 500 LOOP/$ = 3,000,000 LOOP. */
export const LOCAL_POOL_LOOP = LOCAL_POOL_ETH * LOCAL_ETH_PRICE_USD * LOOP_PER_USD;

/** Where LoopZap's router comes from. */
export type ExchangePlan =
  /** The local chain: Uniswap V2 deployed from its packages' builds, the pool seeded. */
  | { source: "local"; name: string }
  /**
   * A chain's existing exchange: from contracts/exchanges.json (factory and wrapped coin given, and
   * checked against the router) or UNISWAP_V2_ROUTER_ADDRESS (both read from the router).
   */
  | { source: "existing"; name: string; router: Address; factory: Address | null; wrappedNative: Address | null };

interface KnownExchange {
  name: string;
  router: string;
  factory: string;
  wrappedNative: string;
}

/** The Uniswap-V2-compatible exchange of a chain (contracts/exchanges.json), or undefined. */
export function knownExchange(chainId: number): KnownExchange | undefined {
  const entry = (exchanges as unknown as Record<string, KnownExchange | string>)[String(chainId)];
  return typeof entry === "object" ? entry : undefined;
}

/**
 * The exchange LoopZap uses on `chainId`: UNISWAP_V2_ROUTER_ADDRESS (on any chain, the local one
 * included: then nothing is deployed or seeded there), else Uniswap V2 deployed on the local chain,
 * else contracts/exchanges.json; null when none.
 */
export function resolveExchange(chainId: number, env: NodeJS.ProcessEnv = process.env): ExchangePlan | null {
  const router = addressFrom(env, "UNISWAP_V2_ROUTER_ADDRESS");
  if (router)
    return { source: "existing", name: value(env, "UNISWAP_V2_NAME") ?? "Uniswap V2", router, factory: null, wrappedNative: null };
  if (chainId === LOCAL_CHAIN_ID) return { source: "local", name: "Uniswap V2 (local)" };
  const known = knownExchange(chainId);
  if (!known) return null;
  return {
    source: "existing",
    name: known.name,
    router: getAddress(known.router),
    factory: getAddress(known.factory),
    wrappedNative: getAddress(known.wrappedNative),
  };
}
