// GET /api/users?query= (issue 37): the Send dialog finds its recipient by the start of a username
// (case insensitive, wildcards taken literally) or by account id; banned members and the caller are
// left out; signed-out callers and bad queries are refused.
import { USER_LOOKUP_MESSAGES, userLookupResponseSchema } from "@loop/rules/schemas/users";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInMember, type Member } from "./support/members";
import type { TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

describe("finding a member to send LOOP to", () => {
  let t: TestApp;
  let sender: Member;
  const ids: Record<string, string> = {};

  ledgerCheckedApp((app) => {
    t = app;
  });

  beforeAll(async () => {
    sender = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: sender.id }, data: { username: "marlo_sender" } });
    for (const [username, fields] of [
      ["marlo", { firstName: "Marlo", lastName: "Vance" }],
      ["Marlowe_beats", {}],
      ["mar%lo", {}],
      ["marley_banned", { isBanned: true }],
      ["zed", {}],
    ] as const) {
      const member = await signInMember(t);
      ids[username] = member.id;
      await t.db.prisma.user.update({ where: { id: member.id }, data: { username, ...fields } });
    }
  });

  const lookup = async (query: string) =>
    userLookupResponseSchema.parse((await sender.browser.get(`/api/users?query=${encodeURIComponent(query)}`).expect(200)).body).users;

  it("finds members by the start of their username, the exact one first, with their name", async () => {
    const found = await lookup("MARLO");
    expect(found.map((user) => user.username)).toEqual(["marlo", "Marlowe_beats"]);
    expect(found[0]).toEqual({ id: ids.marlo, username: "marlo", name: "Marlo Vance", profileImageUrl: null });
    expect((await lookup("mar%")).map((user) => user.username)).toEqual(["mar%lo"]);
    expect(await lookup("marley")).toEqual([]);
    expect(await lookup("marlo_s")).toEqual([]);
  });

  it("finds a member by account id", async () => {
    expect((await lookup(ids.zed!)).map((user) => user.username)).toEqual(["zed"]);
  });

  it("refuses an empty or long query and a signed-out caller", async () => {
    expect((await sender.browser.get("/api/users?query=%20").expect(400)).body.message).toBe(USER_LOOKUP_MESSAGES.query);
    expect((await sender.browser.get(`/api/users?query=${"a".repeat(51)}`).expect(400)).body.message).toBe(USER_LOOKUP_MESSAGES.query);
    expect((await sender.browser.get("/api/users").expect(400)).body.message).toBe(USER_LOOKUP_MESSAGES.query);
    await request(t.app).get("/api/users?query=marlo").expect(401);
  });
});
