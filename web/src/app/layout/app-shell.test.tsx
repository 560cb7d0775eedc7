import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { USER_QUERY_KEY } from "@/lib/auth";
import { fullPageNavigate } from "@/lib/navigation";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

// The browser's navigation is the boundary here (jsdom cannot navigate).
vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());

function signedIn(logoutAnswer: () => Response) {
  return stubApi({ "/api/auth/user": () => json(makeUser({ username: "nightowl" })), "POST /api/logout": logoutAnswer });
}

describe("Logout", () => {
  // First in the file: were the "signing out" state shared beyond this test's query client (a module
  // flag), the next tests' apps would never ask for their member and find no Logout button.
  it("asks for the user no more once signed out: a refresh before the reload makes no 401", async () => {
    let signedIn = true;
    const api = stubApi({
      "/api/auth/user": () => (signedIn ? json(makeUser({ username: "nightowl" })) : json({ message: "Unauthorized" }, 401)),
      "POST /api/logout": () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const { user, queryClient } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/"));
    await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("the top bar's Logout POSTs /api/logout, then reloads at /", async () => {
    const api = signedIn(() => new Response(null, { status: 204 }));
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/"));
    const calls = api.calls("POST /api/logout");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init).toMatchObject({ method: "POST", credentials: "include" });
  });

  it("the menu's Logout does the same", async () => {
    const api = signedIn(() => new Response(null, { status: 204 }));
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/"));
    expect(api.calls("POST /api/logout")).toHaveLength(1);
  });

  it("when the POST fails, goes to the /api/logout page, whose button logs out", async () => {
    signedIn(() => json({ message: "Internal server error" }, 500));
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/api/logout"));
  });
});
