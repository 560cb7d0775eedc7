import { EMAIL_CHANGE_MESSAGES } from "@loop/rules/schemas/email-change";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { publishFakeWalletControls } from "@/lib/wallet/fake-wallet-controls";
import { json, stubApi, type StubbedApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { EmailChangeDialog } from "./email-change-dialog";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());

const emailCalls = (api: StubbedApi) => api.calls("POST /api/profile/email");

describe("e-mail address dialog", () => {
  it("wallet-only: 'Add e-mail' checks the address, posts it and says to check that inbox", async () => {
    const api = stubApi({
      "POST /api/profile/email": () => json({ message: "Check your inbox at mia@example.com to confirm your e-mail address." }, 202),
    });
    const { user } = renderWithProviders(<EmailChangeDialog currentEmail={null} />);
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an e-mail address" });
    expect(dialog).toHaveTextContent("receipts and order confirmations go there, and you can sign in with it too");

    // Checked with the shared schema first: nothing is sent.
    await user.type(within(dialog).getByLabelText("E-mail address"), "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please enter a valid e-mail address");
    expect(emailCalls(api)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("E-mail address"));
    await user.type(within(dialog).getByLabelText("E-mail address"), " Mia@Example.com ");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    const sent = await within(dialog).findByTestId("email-change-sent");
    expect(sent).toHaveTextContent("Check your inbox at mia@example.com to confirm your e-mail address.");
    expect(sent).toHaveTextContent("Open the link in the e-mail while signed in to this account.");
    expect(emailCalls(api)).toHaveLength(1);
    expect(emailCalls(api)[0]!.init).toMatchObject({
      method: "POST",
      credentials: "include",
      body: JSON.stringify({ email: "mia@example.com" }),
    });

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Opened again: an empty form.
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    expect(await screen.findByLabelText("E-mail address")).toHaveValue("");
  });

  it("'Change e-mail' names the current address and shows the server's refusal", async () => {
    const api = stubApi({
      "POST /api/profile/email": () => json({ message: "This e-mail address is already used by another account." }, 409),
    });
    const { user } = renderWithProviders(<EmailChangeDialog currentEmail="old@example.com" />);
    await user.click(screen.getByRole("button", { name: "Change e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Change your e-mail address" });
    expect(dialog).toHaveTextContent("Your address is old@example.com.");
    await user.type(within(dialog).getByLabelText("New e-mail address"), "taken@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This e-mail address is already used by another account.");
    expect(within(dialog).queryByTestId("email-change-sent")).not.toBeInTheDocument();
    // Editing the address clears the refusal.
    await user.type(within(dialog).getByLabelText("New e-mail address"), "x");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(emailCalls(api)).toHaveLength(1);
  });

  it("a session signed in too long ago: shows 'Sign In Again', and sends the address again with the wallet's fresh signature", async () => {
    const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" as const;
    const signed = { address: WALLET, chainId: 31337, message: "localhost wants you to sign in…", signature: "0xabcdef" } as const;
    const wallet = publishFakeWalletControls({
      connect: vi.fn(async () => ({ address: WALLET, chainId: 31337 })),
      signSiweMessage: vi.fn(async () => signed),
    });
    const api = stubApi({
      "GET /api/auth/user": () => json(makeUser({ email: null, walletAddress: WALLET })),
      "GET /api/auth/nonce": () => json({ nonce: "freshnonce123" }),
      "POST /api/profile/email": ({ body }) =>
        (body as { proof?: unknown }).proof
          ? json({ message: "Check your inbox at mia@example.com to confirm your e-mail address." }, 202)
          : json({ message: EMAIL_CHANGE_MESSAGES.signInAgain }, 403),
    });
    const { user } = renderWithProviders(<EmailChangeDialog currentEmail={null} />);
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an e-mail address" });
    await user.type(within(dialog).getByLabelText("E-mail address"), "mia@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(EMAIL_CHANGE_MESSAGES.signInAgain);
    const choices = within(dialog).getByRole("group", { name: "Confirm it is you" });
    expect(within(choices).getByRole("button", { name: "Sign in again" })).toBeInTheDocument();

    await user.click(await within(choices).findByRole("button", { name: "Sign with your wallet" }));
    const sent = await within(dialog).findByTestId("email-change-sent");
    expect(sent).toHaveTextContent("Check your inbox at mia@example.com");
    expect(wallet.signSiweMessage).toHaveBeenCalledWith("freshnonce123");
    expect(api.bodies("POST /api/profile/email")).toEqual([
      { email: "mia@example.com" },
      { email: "mia@example.com", proof: { address: WALLET, signature: "0xabcdef", message: signed.message } },
    ]);
  });

  it("'Sign in again' signs out and goes to the sign-in page; an account without a wallet is not offered to sign", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json(makeUser({ email: "old@example.com", walletAddress: null })),
      "POST /api/profile/email": () => json({ message: EMAIL_CHANGE_MESSAGES.signInAgain }, 403),
      "POST /api/logout": () => new Response(null, { status: 204 }),
    });
    const { user } = renderWithProviders(<EmailChangeDialog currentEmail="old@example.com" />);
    await user.click(screen.getByRole("button", { name: "Change e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Change your e-mail address" });
    await user.type(within(dialog).getByLabelText("New e-mail address"), "new@example.com{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Sign In Again: /);
    const choices = within(dialog).getByRole("group", { name: "Confirm it is you" });
    expect(within(choices).queryByRole("button", { name: "Sign with your wallet" })).not.toBeInTheDocument();
    await user.click(within(choices).getByRole("button", { name: "Sign in again" }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledWith("/api/login"));
    expect(api.calls("POST /api/logout")).toHaveLength(1);
  });

  it("opened from inside another form, sending the link does not submit that form", async () => {
    stubApi({
      "POST /api/profile/email": () => json({ message: "Check your inbox at a@example.com to confirm your e-mail address." }, 202),
    });
    const outerSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={outerSubmit}>
        <EmailChangeDialog currentEmail={null} />
      </form>,
    );
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    await user.type(await screen.findByLabelText("E-mail address"), "a@example.com{Enter}");
    expect(await screen.findByTestId("email-change-sent")).toBeInTheDocument();
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
