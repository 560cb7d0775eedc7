import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { expectLoginRedirectAfter401 } from "@/testing/expect-login-redirect";
import { makeLoop } from "@/testing/make-loop";
import { type ApiHandler, json, type StubbedApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { loopPurchase } from "../testing/purchase-fixtures";
import { renderPurchase } from "../testing/render-purchase";
import { expectTexts } from "@/testing/expect-texts";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

const VIEWER = makeUser({ id: "viewer-1", email: "viewer@example.com" });
const signedIn = () => json(VIEWER);
const balance = (available: string) => () => json({ balance: available, available, held: "0.00000000" });

async function openDialog(user: ReturnType<typeof renderWithProviders>["user"], title: string) {
  const button = await screen.findByRole("button", { name: `Buy ${title}` });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole("dialog", { name: `Buy ${title}` });
}

const purchaseCalls = (api: StubbedApi) => api.calls("POST /api/purchases");

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());
describe("Purchase dialog", () => {
  it("prices with the fees of the platform settings (GET /api/config)", async () => {
    const loop = makeLoop({ title: "Set Fees", price: "4.99" });
    const config = {
      chains: [],
      defaultChainId: 31337,
      walletConnectProjectId: null,
      oidc: null,
      paypal: null,
      stripe: null,
      settings: { formatFeeBps: { mp3: 750, wav: 1000 }, minWithdrawal: "10.00000000", offerExpiryHours: 168 },
    };
    const { user } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
      "GET /api/config": () => json(config),
    });
    const dialog = await openDialog(user, "Set Fees");
    const mp3 = within(dialog).getByRole("radio", { name: /MP3/ });
    const wav = within(dialog).getByRole("radio", { name: /WAV/ });
    // $4.99 at 7.5% = 37.425 cents → $0.37; at 10% = 49.9 cents → $0.50.
    await waitFor(() => expect(mp3.closest("label")).toHaveTextContent("+7.5% fee"));
    expect(mp3.closest("label")).toHaveTextContent("$5.36");
    expectTexts(wav.closest("label"), ["+10% fee", "$5.49"]);
    expect(within(dialog).getByTestId("purchase-summary")).toHaveTextContent("Marketplace fee (MP3 7.5%)$0.37");
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$5.36");
    expect(within(dialog).getByTestId("purchase-loop-amount")).toHaveTextContent("2,680 LOOP");
  });

  it("the MP3 option shows the loop's own MP3 bitrate (an MP3 upload is delivered at its bitrate)", async () => {
    const loop = makeLoop({ title: "Uploaded Mp3", mp3Kbps: 192 });
    const { user } = renderPurchase(loop, { "GET /api/auth/user": signedIn, "GET /api/tokens/balance": balance("10000.00000000") });
    const dialog = await openDialog(user, "Uploaded Mp3");
    const mp3 = within(dialog).getByRole("radio", { name: /MP3/ });
    expect(mp3.closest("label")).toHaveTextContent("192 kbps");
    expect(mp3.closest("label")).not.toHaveTextContent("320 kbps");
  });

  it("shows MP3 (+2%) and WAV (+4%) with their totals, and price, fee, total and LOOP for the chosen format", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPurchase(loop, { "GET /api/auth/user": signedIn, "GET /api/tokens/balance": balance("10000.00000000") });
    const dialog = await openDialog(user, "Deep Night");

    const mp3 = within(dialog).getByRole("radio", { name: /MP3/ });
    const wav = within(dialog).getByRole("radio", { name: /WAV/ });
    expect(mp3).toBeChecked();
    expectTexts(mp3.closest("label"), ["+2% fee", "320 kbps", "$5.09"]);
    expectTexts(wav.closest("label"), ["+4% fee", "lossless", "$5.19"]);
    // One tab per way to pay: the in-app LOOP balance first (selected), then the wallet, PayPal and card; nothing "coming soon".
    const tabs = within(dialog).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["LOOP balance", "Wallet (on chain)", "PayPal", "Card"]);
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["true", "false", "false", "false"]);
    expect(within(dialog).getByRole("tabpanel", { name: "LOOP balance" })).toBeVisible();
    expect(dialog).not.toHaveTextContent(/coming soon/i);

    const summary = within(dialog).getByTestId("purchase-summary");
    expectTexts(summary, ["Price$4.99", "Marketplace fee (MP3 2%)$0.10"]);
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$5.09");
    expect(within(dialog).getByTestId("purchase-loop-amount")).toHaveTextContent("2,545 LOOP");
    expect(await within(dialog).findByTestId("purchase-loop-available")).toHaveTextContent("10,000 LOOP");
    expect(await within(dialog).findByText("Your balance covers this purchase.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Pay with LOOP" })).toBeEnabled();
    expect(dialog).toHaveTextContent("Your files are also sent to your e-mail address after payment.");

    await user.click(wav);
    expect(wav).toBeChecked();
    expect(summary).toHaveTextContent("Marketplace fee (WAV 4%)$0.20");
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$5.19");
    expect(within(dialog).getByTestId("purchase-loop-amount")).toHaveTextContent("2,595 LOOP");
  });

  it("owning the MP3: opens on the WAV with the MP3 marked Owned and disabled, and pays for the WAV", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99", isPurchased: true, purchasedFormats: ["mp3"] });
    const post = vi.fn<ApiHandler>(() => json(loopPurchase(loop, "wav"), 201));
    const { user } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
      "POST /api/purchases": post,
    });
    const dialog = await openDialog(user, "Deep Night");

    const mp3 = within(dialog).getByRole("radio", { name: /MP3/ });
    const wav = within(dialog).getByRole("radio", { name: /WAV/ });
    expect(mp3).toBeDisabled();
    expect(mp3).not.toBeChecked();
    expect(mp3.closest("label")).toHaveTextContent("Owned");
    expect(mp3.closest("label")).not.toHaveTextContent("$5.09");
    expect(wav).toBeChecked();
    expect(wav.closest("label")).not.toHaveTextContent("Owned");
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$5.19");

    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(post.mock.calls[0]![0].body).toMatchObject({ format: "wav" });
    // Both formats owned now: the dialog says so when it opens again.
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const again = await openDialog(user, "Deep Night");
    expect(within(again).getByRole("radio", { name: /WAV/ })).toBeDisabled();
    expect(within(again).getByRole("status")).toHaveTextContent("You own every format of this loop: download it from its card.");
  });

  it("reopened after buying the MP3: opens on the WAV with the MP3 Owned", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
      "POST /api/purchases": () => json(loopPurchase(loop, "mp3"), 201),
    });
    let dialog = await openDialog(user, "Deep Night");
    expect(within(dialog).getByRole("radio", { name: /MP3/ })).toBeChecked();
    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    dialog = await openDialog(user, "Deep Night");
    expect(within(dialog).getByRole("radio", { name: /MP3/ })).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: /MP3/ }).closest("label")).toHaveTextContent("Owned");
    expect(within(dialog).getByRole("radio", { name: /WAV/ })).toBeChecked();
    expect(within(dialog).getByTestId("purchase-total")).toHaveTextContent("$5.19");
  });

  it("a short balance says by how much, links to Buy LOOP Tokens and disables Pay", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user, api } = renderPurchase(loop, { "GET /api/auth/user": signedIn, "GET /api/tokens/balance": balance("500.00000000") });
    const dialog = await openDialog(user, "Deep Night");

    const status = await within(dialog).findByText(/short by/);
    expect(status).toHaveTextContent("short by 2,045 LOOP");
    expect(within(dialog).getByRole("link", { name: "Buy LOOP Tokens" })).toHaveAttribute("href", "/tokens");
    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    expect(pay).toBeDisabled();

    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    expect(within(dialog).getByText(/short by/)).toHaveTextContent("short by 2,095 LOOP");
    expect(purchaseCalls(api)).toHaveLength(0);
  });

  it("Pay is disabled until the balance is known", async () => {
    const loop = makeLoop({ title: "Deep Night" });
    const { user } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": () => new Promise<Response>(() => undefined),
    });
    const dialog = await openDialog(user, "Deep Night");
    expect(within(dialog).getByTestId("purchase-loop-available")).toHaveTextContent("…");
    expect(within(dialog).getByRole("button", { name: "Pay with LOOP" })).toBeDisabled();
  });

  it("pays with LOOP: sends loop, format and method with an Idempotency-Key, toasts, downloads, refreshes the balance", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    let bought = false;
    const post = vi.fn<ApiHandler>(() => {
      bought = true;
      return json(loopPurchase(loop, "wav"), 201);
    });
    const balanceCalls = vi.fn<ApiHandler>(() =>
      json({ balance: "10000.00000000", available: bought ? "7405.00000000" : "10000.00000000", held: "0.00000000" }),
    );
    const { user } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balanceCalls,
      "POST /api/purchases": post,
    });
    const dialog = await openDialog(user, "Deep Night");
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText("Purchase Successful")).toBeInTheDocument();
    expect(
      screen.getByText("Deep Night (WAV) is yours. Your download is starting and the files are on their way to your e-mail."),
    ).toBeInTheDocument();
    expect(post).toHaveBeenCalledOnce();
    const [request] = post.mock.calls[0]!;
    // The total shown goes along: the server refuses it if the price or the fee changed meanwhile.
    expect(request.body).toEqual({ loopId: loop.id, format: "wav", paymentMethod: "loop", expectedTotal: "5.19" });
    expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith("/api/downloads/signed-wav");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // The balance is fetched again (the loop lists too: web/src/app/loops/loop-card.test.tsx).
    await waitFor(() => expect(balanceCalls).toHaveBeenCalledTimes(2));
  });

  it("a refusal shows 'Purchase Failed' with the server's message and keeps the dialog open", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "4.99" });
    const { user, api } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("3000.00000000"),
      "POST /api/purchases": () => json({ message: "Insufficient Balance: You need 2545 LOOP tokens but only have 500" }, 400),
    });
    const dialog = await openDialog(user, "Deep Night");
    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText("Purchase Failed")).toBeInTheDocument();
    expect(screen.getByText("Insufficient Balance: You need 2545 LOOP tokens but only have 500")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Buy Deep Night" })).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();

    // A second try after a refusal is a new submission: a fresh Idempotency-Key.
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(purchaseCalls(api)).toHaveLength(2));
    const keys = purchaseCalls(api).map(({ headers }) => headers["idempotency-key"]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("a 401 says 'You are logged out. Logging in again...' and goes to login after 500 ms", async () => {
    const loop = makeLoop({ title: "Deep Night" });
    let answer: ((response: Response) => void) | null = null;
    const { user } = renderPurchase(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("3000.00000000"),
      "POST /api/purchases": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const dialog = await openDialog(user, "Deep Night");
    const pay = within(dialog).getByRole("button", { name: "Pay with LOOP" });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(answer).not.toBeNull());
    expect(within(dialog).getByRole("button", { name: "Paying..." })).toBeDisabled();

    await expectLoginRedirectAfter401(() => answer!(json({ message: "Unauthorized" }, 401)));
  });
});
