import { QueryObserver } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { USER_QUERY_KEY, userQueryOptions } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser } from "@/testing/test-utils";
import { logout } from "./logout";

const MEMBER = makeUser({ username: "nightowl" });

/** The API with one session: GET /api/auth/user answers the member until POST /api/logout ends it, 401 after. */
function apiWithSession(logoutStatus = 204) {
  let signedIn = true;
  return stubApi({
    "GET /api/auth/user": () => (signedIn ? json(MEMBER) : json({ message: "Unauthorized", code: "UNAUTHORIZED" }, 401)),
    "POST /api/logout": () => {
      if (logoutStatus !== 204) return json({ message: "Internal server error" }, logoutStatus);
      signedIn = false;
      return new Response(null, { status: 204 });
    },
  });
}

/** A client whose user query is shown (the shell's top bar), so an invalidation refetches it. */
async function clientShowingMember() {
  const client = createQueryClient();
  const stop = new QueryObserver(client, userQueryOptions).subscribe(() => undefined);
  await waitFor(() => expect(client.getQueryData(USER_QUERY_KEY)).toEqual(MEMBER));
  return { client, stop };
}

describe("logout", () => {
  it("asks for the user no more: a refresh while the page reloads makes no GET /api/auth/user (no 401 in the console)", async () => {
    const api = apiWithSession();
    const { client, stop } = await clientShowingMember();

    await logout(client);
    // What can refresh the user in the moment before the reload: a save that settles, a ban check.
    await client.invalidateQueries({ queryKey: USER_QUERY_KEY });
    await client.refetchQueries({ queryKey: USER_QUERY_KEY });

    expect(api.calls("POST /api/logout")).toHaveLength(1);
    expect(api.calls("GET /api/auth/user")).toHaveLength(1); // the first one, signed in
    expect(client.getQueryData(USER_QUERY_KEY)).toEqual(MEMBER); // the page shows the member until it reloads
    stop();
  });

  it("holds per query client: another app's client still asks for its member", async () => {
    apiWithSession();
    const signingOut = await clientShowingMember();
    await logout(signingOut.client);
    signingOut.stop();

    const api = apiWithSession();
    const other = await clientShowingMember();
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
    other.stop();
  });

  it("a failed POST leaves the member signed in: the user is asked for again", async () => {
    const api = apiWithSession(500);
    const { client, stop } = await clientShowingMember();

    await expect(logout(client)).rejects.toThrow(/^500: /);
    await client.invalidateQueries({ queryKey: USER_QUERY_KEY });

    expect(api.calls("GET /api/auth/user")).toHaveLength(2);
    expect(client.getQueryData(USER_QUERY_KEY)).toEqual(MEMBER);
    stop();
  });
});
