import { WITHDRAWAL_METHODS } from "@loop/rules/schemas/withdrawals";
import {
  COMING_SOON_WITHDRAWAL_METHODS,
  WITHDRAWAL_METHOD_INFO,
  publishedFeeText,
  withdrawalMethodFeeText,
} from "@loop/rules/withdrawal-fees";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeClientConfig } from "@/testing/make-client-config";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

const CONTRACTS = {
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  marketplace: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  vault: "0x9fE46736679d0D9a65F0992F2272dE9f3c7fa6e0",
};

function setup(
  config = makeClientConfig({ chains: [{ id: 31337, name: "Hardhat", publicRpcUrl: "http://127.0.0.1:8545", contracts: CONTRACTS }] }),
) {
  stubApi({
    "/api/auth/user": () => json(makeUser()),
    "/api/config": () => json(config),
    "/api/payment-methods": () => json([]),
  });
  const rendered = renderApp("/settings");
  const card = async () => screen.findByRole("region", { name: "Withdrawal Methods" });
  return { ...rendered, card };
}

describe("Withdrawal Methods card", () => {
  it("lists every method that exists, how it is paid and its fee from the shared constants", async () => {
    const { card } = setup();
    const methods = within(await card()).getByRole("list", { name: "Available withdrawal methods" });
    const rows = within(methods).getAllByRole("listitem");
    expect(rows.map((row) => row.getAttribute("aria-label"))).toEqual(["LOOP on chain", "Bitcoin (BTC)", "Ethereum (ETH)", "USDC", "USDT"]);
    expect(rows).toHaveLength(WITHDRAWAL_METHODS.length);

    for (const method of WITHDRAWAL_METHODS) {
      const row = within(methods).getByRole("listitem", { name: WITHDRAWAL_METHOD_INFO[method].name });
      expect(row).toHaveTextContent(`Fee: ${withdrawalMethodFeeText(method)}`);
    }
    // What the constants say today: no platform fee, and the platform pays the network fee.
    const loop = within(methods).getByRole("listitem", { name: "LOOP on chain" });
    expect(loop).toHaveTextContent("Fee: No fee — the platform pays the network (gas) fee");
    expect(within(loop).getByText("Automatic payout")).toBeInTheDocument();
    // The chain's name comes with GET /api/config (the API's default chain).
    await waitFor(() =>
      expect(loop).toHaveTextContent("Paid automatically on chain from the LOOP vault on Hardhat once an admin approves the request."),
    );
    expect(loop).toHaveTextContent(
      "The vault pays out a limited amount a day across all members; past that limit, or when its reserve is short, the request waits as pending.",
    );
    expect(loop).toHaveTextContent("You receive the same amount of LOOP in your wallet.");

    const bitcoin = within(methods).getByRole("listitem", { name: "Bitcoin (BTC)" });
    expect(bitcoin).toHaveTextContent("Fee: No fee — the platform pays the network (miner) fee");
    expect(within(bitcoin).getByText("Paid by an admin")).toBeInTheDocument();
    expect(bitcoin).toHaveTextContent("You receive BTC worth the withdrawal's USD value (500 LOOP = $1) on Bitcoin.");
    expect(within(methods).getByRole("listitem", { name: "USDT" })).toHaveTextContent(
      "You receive USDT worth the withdrawal's USD value (500 LOOP = $1) on Ethereum.",
    );
    // No promise of a payout time: nothing in the platform backs one.
    expect(await card()).not.toHaveTextContent(/minutes|hours/);
  });

  it("shows the minimum of the platform settings and links Withdraw to the Token page", async () => {
    const config = makeClientConfig({
      chains: [{ id: 31337, name: "Hardhat", publicRpcUrl: "http://127.0.0.1:8545", contracts: CONTRACTS }],
      settings: {
        formatFeeBps: { mp3: 200, wav: 400 },
        minWithdrawal: "25.50000000",
        offerExpiryHours: 168,
        supportEmail: "support@loop.local",
        minOfferCents: 50,
        maxPriceImpactBps: 500,
      },
    });
    const { card, user } = setup(config);
    expect(await within(await card()).findByText("25.5 LOOP")).toBeInTheDocument();
    expect(await card()).toHaveTextContent("Minimum withdrawal: 25.5 LOOP on every method.");
    const withdraw = within(await card()).getByRole("link", { name: "Withdraw" });
    expect(withdraw).toHaveAttribute("href", "/tokens");
    await user.click(withdraw);
    // The Token page (a lazily loaded route) with the My Wallet tab and its Withdraw button.
    expect(await screen.findByRole("button", { name: "Withdraw" })).toBeInTheDocument();
  });

  it("says LOOP payouts cannot be sent when the vault is not deployed on the default chain", async () => {
    const { card } = setup(makeClientConfig());
    const loop = await within(await card()).findByRole("listitem", { name: "LOOP on chain" });
    expect(await within(loop).findByText("Unavailable here")).toBeInTheDocument();
    expect(loop).toHaveTextContent("The LOOP vault is not deployed on Hardhat: LOOP payouts cannot be sent on this marketplace.");
  });

  it("lists the spec's other methods under Coming soon with the providers' published fees", async () => {
    const { card } = setup();
    const soon = within(await card()).getByRole("region", { name: "Coming soon" });
    expect(soon).toHaveTextContent("Not available yet. The figures are each provider's own published fee, not a LOOP fee.");
    const rows = within(within(soon).getByRole("list", { name: "Withdrawal methods coming soon" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(
      COMING_SOON_WITHDRAWAL_METHODS.map(({ name, publishedFee }) => `${name}Provider's fee: ${publishedFeeText(publishedFee)}`),
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      "PayPalProvider's fee: 2.9% + $0.30",
      "WiseProvider's fee: 0.4%–2%",
      "SkrillProvider's fee: 1.9%",
      "RevolutProvider's fee: 1.5%",
    ]);
    // None of them is offered as a method today.
    const available = within(await card()).getByRole("list", { name: "Available withdrawal methods" });
    for (const { name } of COMING_SOON_WITHDRAWAL_METHODS)
      expect(within(available).queryByRole("listitem", { name })).not.toBeInTheDocument();
  });
});
