// Types of local-accounts.mjs.
type Address = `0x${string}`;
type Hex = `0x${string}`;

export interface LocalAccount {
  index: number;
  address: Address;
  privateKey: Hex;
  does: string;
}

export interface LocalAccounts {
  mnemonic: string;
  chainId: 31337;
  roles: { deployer: LocalAccount; arbiter: LocalAccount; operator: LocalAccount; quoteSigner: LocalAccount };
  /** Accounts the deployment funds with `loopEach` LOOP (decimal string, whole LOOP). */
  funded: { indexes: number[]; addresses: Address[]; loopEach: string };
  /** LOOP the deployment puts into the vault's reserve (decimal string, whole LOOP). */
  vaultReserveLoop: string;
  /** LoopVault's payout limit per period (one day) on the local chain (decimal string, whole LOOP). */
  payoutLimitLoop: string;
  disputeWindowSeconds: number;
}

export declare const localAccounts: LocalAccounts;
