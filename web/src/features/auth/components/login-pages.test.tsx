import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, makeUser, renderApp, SIGNED_OUT, stubFetch } from "@/testing/test-utils";

describe("e-mail sign-in", () => {
  it("/login posts the e-mail and shows the server's answer", async () => {
    const fetchMock = stubFetch({ ...SIGNED_OUT, "POST /api/auth/email": () => json({ message: "Check your inbox for a sign-in link." }) });
    const { user } = renderApp("/login");
    await user.type(await screen.findByLabelText("E-mail address"), "Mia@Example.com");
    await user.click(screen.getByRole("button", { name: "Send sign-in link" }));
    expect(await screen.findByText("Check your inbox for a sign-in link.")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/email");
    expect(call?.[1]).toMatchObject({ method: "POST", credentials: "include", body: JSON.stringify({ email: "mia@example.com" }) });
  });

  it("/login rejects a malformed e-mail without calling the API", async () => {
    const fetchMock = stubFetch(SIGNED_OUT);
    const { user } = renderApp("/login");
    await user.type(await screen.findByLabelText("E-mail address"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send sign-in link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a valid e-mail address");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/email")).toBe(false);
  });

  it("/login/confirm shows the server's message for an expired link and offers a new one", async () => {
    stubFetch({ ...SIGNED_OUT, "POST /api/auth/email/verify": () => json({ message: "This sign-in link has expired." }, 401) });
    const { user } = renderApp("/login/confirm?token=abc");
    await user.click(await screen.findByRole("button", { name: "Continue to LOOP" }));
    expect(await screen.findByText("This sign-in link has expired.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a new sign-in link" })).toHaveAttribute("href", "/login");
  });

  it("/login/confirm signs in, refreshes the user and goes home", async () => {
    let signedIn = false;
    const user1 = makeUser({ username: "nightowl" });
    stubFetch({
      "/api/auth/user": () => (signedIn ? json(user1) : json({ message: "Unauthorized" }, 401)),
      "POST /api/auth/email/verify": () => {
        signedIn = true;
        return json(user1);
      },
    });
    const { user } = renderApp("/login/confirm?token=abc");
    await user.click(await screen.findByRole("button", { name: "Continue to LOOP" }));
    expect(await screen.findByTestId("home-welcome")).toHaveTextContent("Hi, nightowl");
  });
});
