// On-chain references to the app's UUIDs: a UUID's 16 bytes left-padded to bytes32. The
// `accountRef` of LoopVault.deposit(amount, accountRef) names the in-app account a deposit of
// wallet LOOP credits (the user's id), so the browser can build it and the API can read it back
// without a lookup table; the `withdrawalId` of LoopVault.payout is the withdrawal's id. Never zero.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PADDED_UUID = /^0x0{32}([0-9a-f]{32})$/i;

/** bytes32 of a UUID. */
export function uuidToBytes32(id: string): `0x${string}` {
  if (!UUID.test(id)) throw new Error(`not a UUID: ${id}`);
  return `0x${id.replace(/-/g, "").toLowerCase().padStart(64, "0")}`;
}

/** The UUID a bytes32 holds, or null when it is not one of ours (any other bytes32). */
export function uuidFromBytes32(value: string): string | null {
  const match = PADDED_UUID.exec(value);
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  if (/^0+$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The deposit reference of a user's in-app account. */
export const depositRefOf = (userId: string) => uuidToBytes32(userId);

/** The user id a deposit reference names, or null. */
export const userIdOfDepositRef = (ref: string) => uuidFromBytes32(ref);
