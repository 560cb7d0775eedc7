import { afterEach, describe, expect, it } from "vitest";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser } from "@/testing/test-utils";
import { SESSION_META_NAME } from "@loop/rules/page-data";
import { getCurrentUser, seedSignedOutVisitor, USER_QUERY_KEY, userQueryOptions } from "./auth";
import { createQueryClient } from "./query-client";

/** The page as the server answers it: its head says whether the request carried the session cookie. */
function loadPageWithSessionMeta(content: "0" | "1") {
  const meta = document.createElement("meta");
  meta.name = SESSION_META_NAME;
  meta.content = content;
  document.head.append(meta);
}

describe("the signed-in user on a page's first load", () => {
  afterEach(() => document.head.replaceChildren());

  it("a visitor's page (no session cookie) does not ask GET /api/auth/user, so no 401 is logged; the next call asks", async () => {
    loadPageWithSessionMeta("0");
    const api = stubApi(SIGNED_OUT);
    expect(await getCurrentUser()).toBeNull();
    expect(api.calls("GET /api/auth/user")).toHaveLength(0);

    expect(await getCurrentUser()).toBeNull();
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  });

  it("after a sign-in, the invalidated user query asks the API and gets the member", async () => {
    loadPageWithSessionMeta("0");
    let signedIn = false;
    const member = makeUser({ username: "velvet_maker" });
    const api = stubApi({
      "GET /api/auth/user": () => (signedIn ? json(member) : json({ message: "Unauthorized" }, 401)),
    });
    const client = createQueryClient();
    expect(await client.fetchQuery(userQueryOptions)).toBeNull();
    expect(api.calls("GET /api/auth/user")).toHaveLength(0);

    signedIn = true;
    await client.invalidateQueries({ queryKey: USER_QUERY_KEY });
    expect(await client.fetchQuery(userQueryOptions)).toEqual(member);
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  });

  it("a page loaded with the session cookie, or without the meta (the dev server), asks as before", async () => {
    const member = makeUser();
    const api = stubApi({ "GET /api/auth/user": () => json(member) });
    loadPageWithSessionMeta("1");
    expect(await getCurrentUser()).toEqual(member);
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);

    document.head.replaceChildren();
    expect(await getCurrentUser()).toEqual(member);
    expect(api.calls("GET /api/auth/user")).toHaveLength(2);
  });

  it("at start, a visitor's page is known signed out at once (no loading state, no request); a member's page is left to ask", async () => {
    loadPageWithSessionMeta("0");
    const api = stubApi(SIGNED_OUT);
    const visitor = createQueryClient();
    seedSignedOutVisitor(visitor);
    expect(visitor.getQueryState(USER_QUERY_KEY)?.status).toBe("success");
    expect(await visitor.fetchQuery(userQueryOptions)).toBeNull();
    expect(api.calls("GET /api/auth/user")).toHaveLength(0);

    loadPageWithSessionMeta("1");
    const member = createQueryClient();
    seedSignedOutVisitor(member);
    expect(member.getQueryState(USER_QUERY_KEY)).toBeUndefined();
  });
});
