// A private key's viem account, made once per key: deriving it (the secp256k1 public key and its
// address) costs about a millisecond of CPU, and the offer-settlement sender asked for the
// operator's address ten times a second while idle (docs/decisions.md, "An idle server rests").
import type { Hex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

const accounts = new Map<Hex, PrivateKeyAccount>();

/** The account of `key` (no nonce manager: the same object serves every caller). */
export function accountOfKey(key: Hex): PrivateKeyAccount {
  let account = accounts.get(key);
  if (account === undefined) accounts.set(key, (account = privateKeyToAccount(key)));
  return account;
}
