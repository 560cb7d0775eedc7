// Destination checks beyond the shape the shared schema checks: the EIP-55 checksum of mixed-case
// EVM addresses, and the checksums of Bitcoin mainnet addresses (base58check P2PKH/P2SH, BIP-173
// bech32 for segwit v0 and BIP-350 bech32m for v1+).
import { createHash } from "node:crypto";
import { destinationShapeError, type WithdrawalMethod } from "@loop/rules/schemas/withdrawals";
import { checksumAddress } from "viem";
import { DomainError } from "../../domain-error";

/** 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum (all lower or all upper case carries none). */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return checksumAddress(address.toLowerCase() as `0x${string}`) === address;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.unshift(0); // each leading '1' is a leading zero byte
  }
  return Uint8Array.from(bytes);
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();

/** P2PKH (version 0x00, '1…') or P2SH (0x05, '3…') on mainnet, with a valid double-SHA-256 checksum. */
function isBase58Address(address: string): boolean {
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return false;
  if (bytes[0] !== 0x00 && bytes[0] !== 0x05) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return checksum.equals(Buffer.from(bytes.subarray(21)));
}

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  // No padding allowed when decoding: at most 4 leftover bits, all zero.
  if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}

/** A mainnet ('bc') segwit address: v0 in bech32 (20- or 32-byte program), v1–v16 in bech32m. */
function isSegwitAddress(address: string): boolean {
  if (address.length > 90 || (address !== address.toLowerCase() && address !== address.toUpperCase())) return false;
  const text = address.toLowerCase();
  const separator = text.lastIndexOf("1");
  if (separator < 1 || text.slice(0, separator) !== "bc" || text.length - separator - 1 < 7) return false;
  const data: number[] = [];
  for (const char of text.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value < 0) return false;
    data.push(value);
  }
  const constant = polymod([...hrpExpand("bc"), ...data]);
  const version = data[0]!;
  if (version > 16) return false;
  if (constant !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0 && program.length !== 20 && program.length !== 32) return false;
  return true;
}

export function isValidBitcoinAddress(address: string): boolean {
  return /^bc1/i.test(address) ? isSegwitAddress(address) : isBase58Address(address);
}

/** The refusal of a destination that is not valid for its method (its shape, then its checksum), or null. */
export function destinationRefusal(method: WithdrawalMethod, destination: string): DomainError | null {
  const bitcoin = method === "crypto_btc";
  const valid =
    destinationShapeError(method, destination) === null && (bitcoin ? isValidBitcoinAddress(destination) : isValidEvmAddress(destination));
  return valid ? null : new DomainError("INVALID_WITHDRAWAL_DESTINATION", { network: bitcoin ? "btc" : "evm" });
}
