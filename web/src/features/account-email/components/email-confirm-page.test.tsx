import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { USER_QUERY_KEY } from "@/lib/auth";
import { json, SIGNED_OUT, stubApi, type StubbedApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

const PAGE = "/profile/email/confirm?token=abc";
const LINK = { email: "new@example.com", username: "beatmaker", replaces: false };
const called = (api: StubbedApi, url: string) => api.calls(`POST ${url}`);

describe("e-mail confirmation page (/profile/email/confirm)", () => {
  it("names the change, confirms only on the button, then says so and refreshes the signed-in user", async () => {
    let email: string | null = null;
    const api = stubApi({
      "/api/auth/user": () => json(makeUser({ username: "beatmaker", email })),
      "POST /api/profile/email/link": () => json(LINK),
      "POST /api/profile/email/confirm": () => {
        email = "new@example.com";
        return json(makeUser({ username: "beatmaker", email }));
      },
    });
    const { user, queryClient } = renderApp(PAGE);
    expect(await screen.findByTestId("email-confirm-summary")).toHaveTextContent(
      "Confirm new@example.com as the e-mail address of beatmaker.",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeInTheDocument();
    expect(called(api, "/api/profile/email/link")[0]!.init).toMatchObject({ method: "POST", body: JSON.stringify({ token: "abc" }) });
    // Opening the page changed nothing.
    expect(called(api, "/api/profile/email/confirm")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Confirm new@example.com" }));
    expect(await screen.findByTestId("email-confirm-done")).toHaveTextContent("new@example.com is now the e-mail address of beatmaker.");
    expect(called(api, "/api/profile/email/confirm")[0]!.init).toMatchObject({ method: "POST", body: JSON.stringify({ token: "abc" }) });
    expect(screen.getByRole("link", { name: "Go to your profile" })).toHaveAttribute("href", "/profile");
    expect(queryClient.getQueryData<{ email: string | null }>(USER_QUERY_KEY)?.email).toBe("new@example.com");
  });

  it("shows the server's message for an expired or used link, and where to ask for a new one", async () => {
    const api = stubApi({
      "/api/auth/user": () => json(makeUser()),
      "POST /api/profile/email/link": () => json({ message: "This confirmation link has expired or was already used." }, 400),
    });
    renderApp(PAGE);
    expect(await screen.findByTestId("email-confirm-error")).toHaveTextContent("This confirmation link has expired or was already used.");
    expect(screen.getByRole("link", { name: "Ask for a new link in Settings" })).toHaveAttribute("href", "/settings");
    expect(screen.queryByRole("button", { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(called(api, "/api/profile/email/confirm")).toHaveLength(0);
  });

  it("signed out: asks to sign in to the account first (the Join dialog)", async () => {
    stubApi({ ...SIGNED_OUT, "POST /api/profile/email/link": () => json({ ...LINK, replaces: true }) });
    const { user } = renderApp(PAGE);
    const notes = await screen.findByTestId("email-confirm-notes");
    expect(notes).toHaveTextContent("Sign in as beatmaker first, then open the link from the e-mail again.");
    expect(notes).toHaveTextContent("It replaces the account's current address, which we tell about the change.");
    expect(screen.queryByRole("button", { name: /^Confirm/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });

  it("signed in to another account: says so and does not offer to confirm", async () => {
    const api = stubApi({
      "/api/auth/user": () => json(makeUser({ username: "someone_else" })),
      "POST /api/profile/email/link": () => json(LINK),
    });
    renderApp(PAGE);
    expect(await screen.findByTestId("email-confirm-notes")).toHaveTextContent(
      "You are signed in as someone_else. This link is for beatmaker: sign in to that account to confirm it.",
    );
    expect(screen.getByRole("button", { name: "Confirm new@example.com" })).toBeDisabled();
    expect(called(api, "/api/profile/email/confirm")).toHaveLength(0);
  });

  it("shows the server's refusal when the address was taken meanwhile", async () => {
    stubApi({
      "/api/auth/user": () => json(makeUser({ username: "beatmaker", email: null })),
      "POST /api/profile/email/link": () => json(LINK),
      "POST /api/profile/email/confirm": () => json({ message: "This e-mail address is already used by another account." }, 409),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole("button", { name: "Confirm new@example.com" }));
    expect(await screen.findByTestId("email-confirm-error")).toHaveTextContent("This e-mail address is already used by another account.");
    expect(screen.queryByTestId("email-confirm-done")).not.toBeInTheDocument();
  });

  it("a link without its token says so", async () => {
    stubApi({ "/api/auth/user": () => json(makeUser()) });
    renderApp("/profile/email/confirm");
    expect(await screen.findByText(/This link is missing its confirmation code/)).toBeInTheDocument();
  });
});
