import type { Hex, LocalAccount } from "viem";
import { createSiweMessage } from "viem/siwe";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type TestAgent from "supertest/lib/agent";
import { APP_ORIGIN } from "./test-app";

export type Browser = TestAgent;

export function newAccount(): LocalAccount {
  return privateKeyToAccount(generatePrivateKey());
}

export async function fetchNonce(browser: Browser): Promise<string> {
  const response = await browser.get("/api/auth/nonce").expect(200);
  return response.body.nonce as string;
}

export interface MessageFields {
  address: Hex;
  nonce: string;
  domain?: string;
  uri?: string;
  chainId?: number;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
}

/** The EIP-4361 message the web app asks the wallet to sign. */
export function siweMessage(fields: MessageFields): string {
  const url = new URL(APP_ORIGIN);
  return createSiweMessage({
    domain: fields.domain ?? url.host,
    uri: fields.uri ?? APP_ORIGIN,
    address: fields.address,
    chainId: fields.chainId ?? 31337,
    nonce: fields.nonce,
    version: "1",
    statement: "Sign in to LOOP.",
    issuedAt: fields.issuedAt ?? new Date(),
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
  });
}

/** The whole wallet sign-in of the web app: nonce, sign, POST. */
export async function walletSignIn(browser: Browser, account: LocalAccount) {
  const message = siweMessage({ address: account.address, nonce: await fetchNonce(browser) });
  const signature = await account.signMessage({ message });
  return browser.post("/api/auth/web3").send({ address: account.address, signature, message });
}
