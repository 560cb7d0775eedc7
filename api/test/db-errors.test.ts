import { describe, expect, it } from "vitest";
import { isRecordNotFound, isUniqueViolation } from "../src/db/prisma";
import { findOrCreateByWallet } from "../src/features/auth/account.service";
import { linkWallet } from "../src/features/wallet/wallet.service";
import type { TestDatabase } from "./support/database";
import { newAccount } from "./support/siwe";
import { suiteDatabase } from "./support/suite-app";

describe("database error mapping and creation races", () => {
  let db: TestDatabase;
  suiteDatabase((created) => (db = created));

  it("recognises unique violations by column, and missing records", async () => {
    const user = await db.prisma.user.create({ data: { username: "dup" } });
    const duplicate = await db.prisma.user.create({ data: { username: "dup" } }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(duplicate, "username")).toBe(true);
    expect(isUniqueViolation(duplicate, "address")).toBe(false);
    const missing = await db.prisma.user.delete({ where: { id: user.id, isBanned: true } }).catch((error: unknown) => error);
    expect(isRecordNotFound(missing)).toBe(true);
  });

  it("creates one account when the same wallet signs in twice at once", async () => {
    const { address } = newAccount();
    const users = await Promise.all(Array.from({ length: 4 }, () => findOrCreateByWallet(db.prisma, address, 31337)));
    expect(new Set(users.map((user) => user.id)).size).toBe(1);
    expect(await db.prisma.walletLink.count({ where: { address } })).toBe(1);
  });

  it("lets only one of two accounts link the same wallet at once", async () => {
    const { address } = newAccount();
    const [a, b] = await Promise.all([
      db.prisma.user.create({ data: { username: "race_a" } }),
      db.prisma.user.create({ data: { username: "race_b" } }),
    ]);
    const results = await Promise.allSettled([linkWallet(db.prisma, a.id, address, 31337), linkWallet(db.prisma, b.id, address, 31337)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 409, message: "This wallet is already linked to another account." });
  });
});
