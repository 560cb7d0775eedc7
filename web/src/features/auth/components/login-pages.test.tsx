import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

describe("e-mail sign-in", () => {
  it("/login posts the e-mail and shows the server's answer", async () => {
    const api = stubApi({ ...SIGNED_OUT, "POST /api/auth/email": () => json({ message: "Check your inbox for a sign-in link." }) });
    const { user } = renderApp("/login");
    await user.type(await screen.findByLabelText("E-mail address"), "Mia@Example.com");
    await user.click(screen.getByRole("button", { name: "Send sign-in link" }));
    expect(await screen.findByText("Check your inbox for a sign-in link.")).toBeInTheDocument();
    const call = api.calls("POST /api/auth/email")[0];
    expect(call?.init).toMatchObject({ method: "POST", credentials: "include", body: JSON.stringify({ email: "mia@example.com" }) });
  });

  it("/login rejects a malformed e-mail without calling the API", async () => {
    const api = stubApi(SIGNED_OUT);
    const { user } = renderApp("/login");
    await user.type(await screen.findByLabelText("E-mail address"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send sign-in link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a valid e-mail address");
    expect(api.calls("POST /api/auth/email")).toEqual([]);
  });

  it("/login/confirm shows the server's message for an expired or used link at once, and offers a new one", async () => {
    const api = stubApi({
      ...SIGNED_OUT,
      "POST /api/auth/email/link": () => json({ message: "This sign-in link has expired or was already used." }, 401),
    });
    renderApp("/login/confirm?token=abc");
    expect(await screen.findByTestId("login-confirm-error")).toHaveTextContent("This sign-in link has expired or was already used.");
    expect(screen.getByRole("link", { name: "Request a new sign-in link" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button", { name: /^Continue/ })).not.toBeInTheDocument();
    expect(api.calls("POST /api/auth/email/verify")).toEqual([]);
  });

  it("/login/confirm names the account and signs in only when the user continues as that account", async () => {
    let signedIn = false;
    const user1 = makeUser({ username: "nightowl", email: "owl@example.com" });
    const api = stubApi({
      "/api/auth/user": () => (signedIn ? json(user1) : json({ message: "Unauthorized" }, 401)),
      "POST /api/auth/email/link": () => json({ email: "owl@example.com", username: "nightowl" }),
      "POST /api/auth/email/verify": () => {
        signedIn = true;
        return json(user1);
      },
    });
    const { user } = renderApp("/login/confirm?token=abc");
    const proceed = await screen.findByRole("button", { name: "Continue as owl@example.com" });
    expect(screen.getByRole("heading", { level: 1, name: "Confirm sign-in" })).toBeInTheDocument();
    expect(screen.getByText("This link signs you in to LOOP as", { exact: false })).toHaveTextContent(
      "This link signs you in to LOOP as owl@example.com (@nightowl).",
    );
    expect(screen.getByTestId("login-confirm-notes")).toHaveTextContent(
      "Not your e-mail address? Do not continue: someone may be trying to sign you in to their account. Close this page instead.",
    );
    const linkCall = api.calls("POST /api/auth/email/link")[0];
    expect(linkCall?.init).toMatchObject({ method: "POST", credentials: "include", body: JSON.stringify({ token: "abc" }) });
    // Opening the link signed nobody in.
    expect(api.calls("POST /api/auth/email/verify")).toEqual([]);

    await user.click(proceed);
    expect(await screen.findByTestId("home-welcome")).toHaveTextContent("Hi, nightowl");
    const verifyCall = api.calls("POST /api/auth/email/verify")[0];
    expect(verifyCall?.init).toMatchObject({ method: "POST", body: JSON.stringify({ token: "abc" }) });
  });

  it("/login/confirm says when the link creates a new account, and when it replaces the account signed in here", async () => {
    stubApi({
      "/api/auth/user": () => json(makeUser({ username: "me", email: "me@example.com" })),
      "POST /api/auth/email/link": () => json({ email: "stranger@example.com", username: null }),
    });
    renderApp("/login/confirm?token=abc");
    expect(await screen.findByRole("button", { name: "Continue as stranger@example.com" })).toBeEnabled();
    const notes = screen.getByTestId("login-confirm-notes");
    expect(notes).toHaveTextContent("There is no account for this address yet: continuing creates one.");
    expect(notes).toHaveTextContent("You are signed in as me in this browser; continuing signs you out of that account.");
  });

  it("/login/confirm shows the server's message when the link was used meanwhile", async () => {
    stubApi({
      ...SIGNED_OUT,
      "POST /api/auth/email/link": () => json({ email: "owl@example.com", username: "nightowl" }),
      "POST /api/auth/email/verify": () => json({ message: "This sign-in link has expired or was already used." }, 401),
    });
    const { user } = renderApp("/login/confirm?token=abc");
    await user.click(await screen.findByRole("button", { name: "Continue as owl@example.com" }));
    expect(await screen.findByTestId("login-confirm-error")).toHaveTextContent("This sign-in link has expired or was already used.");
  });
});
