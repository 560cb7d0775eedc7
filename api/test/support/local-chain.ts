// Clients for a local Hardhat node (the suite's, `inject("rpcUrl")`, or a file's own) and the steps
// the chain tests share: a wallet per account, waiting for a transaction, funding a new account,
// depositing into LoopVault, reading a LOOP balance.
import { loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { createPublicClient, createWalletClient, http, parseEther, type Account, type Address, type Hex, type LocalAccount } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { expect } from "vitest";
import { newAccount } from "./siwe";

/** Funded by the deployment with LOOP and ETH (Hardhat's account 1). */
export const treasuryAccount = mnemonicToAccount(localAccounts.mnemonic, { addressIndex: 1 });

export function localChain(rpcUrl: string) {
  const chain = { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  /** Sends as `account`: a local account signs itself; for an address the node signs (its nonces are the node's). */
  const wallet = (account: Account | Address) => createWalletClient({ account, chain, transport: http(rpcUrl) });

  /** Waits for the transaction and checks that it succeeded. */
  async function confirm(hash: Hex) {
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  }

  return {
    rpcUrl,
    chain,
    client,
    wallet,
    confirm,
    /** A new account with `loop` LOOP of `token` and 1 ETH for gas, both sent by `funder`. */
    async fundedAccount(funder: Account | Address, token: Address, loop: string): Promise<LocalAccount> {
      const account = newAccount();
      const from = wallet(funder);
      await confirm(await from.sendTransaction({ to: account.address, value: parseEther("1") }));
      await confirm(
        await from.writeContract({
          address: token,
          abi: loopTokenAbi,
          functionName: "transfer",
          args: [account.address, parseEther(loop)],
        }),
      );
      return account;
    },
    /** `account` deposits `loop` LOOP into LoopVault with the reference `ref`, as the web does: approve, then deposit. */
    async depositToVault(account: LocalAccount, contracts: { token: Address; vault: Address }, loop: string, ref: Hex) {
      const from = wallet(account);
      await confirm(
        await from.writeContract({
          address: contracts.token,
          abi: loopTokenAbi,
          functionName: "approve",
          args: [contracts.vault, parseEther(loop)],
        }),
      );
      return confirm(
        await from.writeContract({ address: contracts.vault, abi: loopVaultAbi, functionName: "deposit", args: [parseEther(loop), ref] }),
      );
    },
    /** The LOOP (wei) `address` holds in `token`. */
    loopBalanceOf: (token: Address, address: Address) =>
      client.readContract({ address: token, abi: loopTokenAbi, functionName: "balanceOf", args: [address] }),
  };
}

export type LocalChain = ReturnType<typeof localChain>;
