// A private key's account is derived once per key (chain/key-account.ts): the idle settlement
// sender asks for the operator's address ten times a second.
import { privateKeyToAccount } from "viem/accounts";
import { expect, it } from "vitest";
import { accountOfKey } from "../src/chain/key-account";

const KEY_A = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const KEY_B = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

it("gives the same account for a key every time, with the key's own address; another key gets its own", () => {
  const first = accountOfKey(KEY_A);
  expect(accountOfKey(KEY_A)).toBe(first);
  expect(first.address).toBe(privateKeyToAccount(KEY_A).address);
  const other = accountOfKey(KEY_B);
  expect(other).not.toBe(first);
  expect(other.address).toBe(privateKeyToAccount(KEY_B).address);
});
