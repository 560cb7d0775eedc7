// Sign-In with Ethereum (EIP-4361): server-issued single-use nonces and the checks on a signed message.
import { getAddress, isAddressEqual, recoverMessageAddress, type Address, type Hex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import type { ChainClients } from "../../chain/clients";
import type { AppConfig } from "../../config";
import { isRecordNotFound, type PrismaClient } from "../../db/prisma";
import { randomAlphanumeric } from "../../http/tokens";
import { DomainError } from "../../domain-error";
import type { SiweRefusal } from "@loop/rules/error-codes";

const NONCE_LENGTH = 24;
/** Tolerated difference between the wallet's clock and ours. */
const CLOCK_SKEW_MS = 60 * 1000;

export interface SiweDeps {
  prisma: PrismaClient;
  config: Pick<AppConfig, "appUrl" | "chains" | "nonceTtlMs">;
  chains: ChainClients;
}

export interface SignedMessage {
  message: string;
  signature: string;
  /** The address the client claims signed; must be the message's address. */
  address: string;
}

export interface ProvenWallet {
  /** EIP-55 checksummed. */
  address: Address;
  chainId: number;
}

export async function issueNonce(prisma: PrismaClient, ttlMs: number): Promise<string> {
  const now = new Date();
  // Expired nonces are useless; dropping them here keeps the table at the size of live logins.
  await prisma.siweNonce.deleteMany({ where: { expiresAt: { lte: now } } });
  const nonce = randomAlphanumeric(NONCE_LENGTH);
  await prisma.siweNonce.create({ data: { nonce, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) } });
  return nonce;
}

function refuse(reason: SiweRefusal): never {
  throw new DomainError("SIWE_MESSAGE_INVALID", { reason });
}

function isValidDate(date: Date | undefined): date is Date {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/** EOAs are checked locally; anything else (EIP-1271 / ERC-6492 smart wallets) through the chain. */
async function signatureIsValid(deps: SiweDeps, address: Address, chainId: number, message: string, signature: Hex) {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true;
  } catch {
    // Not a plain 65-byte ECDSA signature: may still be a contract wallet's.
  }
  const client = deps.chains.get(chainId);
  if (!client) refuse("unsupported chain");
  try {
    return await client.verifySiweMessage({ message, signature, address });
  } catch {
    throw new DomainError("SIWE_CHAIN_UNAVAILABLE", { chainId });
  }
}

/**
 * Checks a signed EIP-4361 message against this app and consumes its nonce.
 * Every failure is a 401 that names the failed check.
 */
export async function verifySignedMessage(deps: SiweDeps, input: SignedMessage, now = new Date()): Promise<ProvenWallet> {
  const fields = parseSiweMessage(input.message);
  if (
    !fields.domain ||
    !fields.address ||
    !fields.uri ||
    fields.version !== "1" ||
    fields.chainId === undefined ||
    !fields.nonce ||
    !isValidDate(fields.issuedAt) ||
    (fields.expirationTime !== undefined && !isValidDate(fields.expirationTime)) ||
    (fields.notBefore !== undefined && !isValidDate(fields.notBefore))
  ) {
    refuse("malformed message");
  }
  const { appUrl } = deps.config;
  if (fields.domain !== appUrl.host) refuse("wrong domain");
  if (originOf(fields.uri) !== appUrl.origin) refuse("wrong URI");
  if (fields.scheme !== undefined && `${fields.scheme}:` !== appUrl.protocol) refuse("wrong scheme");
  if (!deps.config.chains.some((chain) => chain.id === fields.chainId)) refuse("unsupported chain");
  if (!isAddressEqual(fields.address, input.address as Address)) refuse("the address does not match the message");

  const time = now.getTime();
  if (fields.issuedAt.getTime() > time + CLOCK_SKEW_MS) refuse("issued in the future");
  if (fields.issuedAt.getTime() < time - deps.config.nonceTtlMs - CLOCK_SKEW_MS) refuse("the message has expired");
  if (fields.expirationTime && fields.expirationTime.getTime() <= time) refuse("the message has expired");
  if (fields.notBefore && fields.notBefore.getTime() > time) refuse("the message is not valid yet");

  const address = getAddress(fields.address);
  if (!(await signatureIsValid(deps, address, fields.chainId, input.message, input.signature as Hex))) {
    refuse("the signature does not match the address");
  }

  // Consumed last and atomically: of two requests with the same message only one gets here first.
  try {
    await deps.prisma.siweNonce.delete({ where: { nonce: fields.nonce, expiresAt: { gt: now } } });
  } catch (error) {
    if (isRecordNotFound(error)) refuse("unknown, expired or already used nonce");
    throw error;
  }
  return { address, chainId: fields.chainId };
}
