import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type ApiHandler, type ApiRequest, type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { makeSettings, makeStats } from "../testing/admin-fixtures";
import { type SettingsSection, SettingsTab } from "./settings-tab";

function Harness({ initial }: { initial: SettingsSection }) {
  const [section, setSection] = useState<SettingsSection>(initial);
  return <SettingsTab section={section} onSectionChange={setSection} />;
}

/** The tab on `initial`, against a stubbed API. */
function renderTab(initial: SettingsSection, routes: ApiRoutes) {
  const api = stubApi(routes);
  return { ...renderWithToasts(<Harness initial={initial} />), api };
}

/** A figure the API serves (`read`) and a call that changes it (`write`): a successful answer of `change` is served from then on. */
function servedState<T>(initial: T, change: ApiHandler) {
  let current = initial;
  return {
    read: () => json(current),
    write: async (request: ApiRequest) => {
      const answer = await change(request);
      if (answer.ok) current = (await answer.clone().json()) as T;
      return answer;
    },
  };
}

describe("Settings tab: vault deposit", () => {
  function setup(deposit: ApiHandler) {
    const stats = servedState(makeStats(), deposit);
    return renderTab("withdrawals", {
      "GET /api/admin/stats": stats.read,
      "GET /api/admin/tokens/withdrawals": () => json([]),
      "POST /api/admin/vault/deposit": stats.write,
    });
  }

  it("checks the amount with the spec's texts, then deposits with an Idempotency-Key", async () => {
    const { user, api } = setup(() => json(makeStats({ platformEarnings: "2400.00000000", availableWithdrawal: "1100.00000000" })));
    await user.click(screen.getByRole("button", { name: "Deposit to Vault" }));
    const dialog = screen.getByRole("dialog", { name: "Deposit to Vault" });
    const deposit = within(dialog).getByRole("button", { name: "Deposit" });
    await user.click(deposit);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Missing Amount: Please enter an amount to deposit");
    await user.type(within(dialog).getByLabelText("Amount (LOOP)"), "0");
    await user.click(deposit);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Invalid Amount: Amount must be greater than 0");
    expect(api.calls("POST /api/admin/vault/deposit")).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Amount (LOOP)"));
    await user.type(within(dialog).getByLabelText("Amount (LOOP)"), "100");
    await user.click(deposit);
    expect(await screen.findByText("Vault Deposit Successful")).toBeInTheDocument();
    const [call] = api.calls("POST /api/admin/vault/deposit");
    expect(call!.body).toEqual({ amount: "100" });
    expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    // The figures shown are the ones the deposit answered.
    expect(await within(screen.getByRole("group", { name: "Available for Withdrawal" })).findByText("1,100 LOOP")).toBeInTheDocument();
  });

  it("shows the server's refusal under 'Deposit Failed', else 'Failed to deposit to vault'", async () => {
    let answer = json({ message: "Insufficient Earnings: Only 2500 LOOP of platform earnings can be deposited" }, 409);
    const { user } = setup(() => answer);
    await user.click(screen.getByRole("button", { name: "Deposit to Vault" }));
    const dialog = screen.getByRole("dialog", { name: "Deposit to Vault" });
    await user.type(within(dialog).getByLabelText("Amount (LOOP)"), "9999");
    await user.click(within(dialog).getByRole("button", { name: "Deposit" }));
    expect(await screen.findByText("Deposit Failed")).toBeInTheDocument();
    expect(screen.getByText("Insufficient Earnings: Only 2500 LOOP of platform earnings can be deposited")).toBeInTheDocument();
    answer = new Response("", { status: 500 });
    await user.click(within(dialog).getByRole("button", { name: "Deposit" }));
    expect(await screen.findByText("Failed to deposit to vault")).toBeInTheDocument();
  });
});

describe("Settings tab: System Settings", () => {
  function setup(save: ApiHandler) {
    const settings = servedState(makeSettings({ disputeWindowSeconds: 86_400 }), save);
    return renderTab("system", {
      "GET /api/admin/stats": () => json(makeStats()),
      "GET /api/admin/settings": settings.read,
      "PUT /api/admin/settings": settings.write,
    });
  }

  it("shows fees as percentages and the dispute window in human units; refuses bad values", async () => {
    const { user, api } = setup(() => json(makeSettings()));
    const form = await screen.findByRole("form", { name: "System settings" });
    expect(within(form).getByLabelText("MP3 format fee (%)")).toHaveValue("2");
    expect(within(form).getByLabelText("WAV format fee (%)")).toHaveValue("4");
    expect(within(form).getByLabelText("Minimum withdrawal (LOOP)")).toHaveValue("10");
    expect(within(form).getByText(/= 1 day\./)).toBeInTheDocument();
    expect(within(form).getByLabelText("Card and PayPal sale hold (days)")).toHaveValue("7");

    const wav = within(form).getByLabelText("WAV format fee (%)");
    await user.clear(wav);
    await user.type(wav, "60");
    await user.click(within(form).getByRole("button", { name: "Save Settings" }));
    expect(within(form).getByRole("alert")).toHaveTextContent(
      "Invalid Fee: A format fee is a whole number of basis points from 0 to 5000 (50%)",
    );
    expect(api.calls("PUT /api/admin/settings")).toHaveLength(0);
  });

  it("sends the changed settings (fees in basis points) and toasts 'Settings Saved'", async () => {
    const { user, api } = setup(() => json(makeSettings({ formatFeeBps: { mp3: 250, wav: 400 }, disputeWindowSeconds: 3600 })));
    const form = await screen.findByRole("form", { name: "System settings" });
    await user.clear(within(form).getByLabelText("MP3 format fee (%)"));
    await user.type(within(form).getByLabelText("MP3 format fee (%)"), "2.5");
    await user.clear(within(form).getByLabelText("Dispute window (seconds)"));
    await user.type(within(form).getByLabelText("Dispute window (seconds)"), "3600");
    await user.clear(within(form).getByLabelText("Card and PayPal sale hold (days)"));
    await user.type(within(form).getByLabelText("Card and PayPal sale hold (days)"), "14");
    await user.click(within(form).getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings Saved")).toBeInTheDocument();
    const [call] = api.calls("PUT /api/admin/settings");
    expect(call!.body).toEqual({ formatFeeBps: { mp3: 250 }, disputeWindowSeconds: 3600, fiatHoldDays: 14 });
    await waitFor(() => expect(within(form).getByLabelText("MP3 format fee (%)")).toHaveValue("2.5"));
  });

  it("shows the upload limits per member, checks them, and sends the changed ones", async () => {
    const { user, api } = setup(() => json(makeSettings({ uploadsPerHour: 30, uploadQuotaMb: 4096 })));
    const form = await screen.findByRole("form", { name: "System settings" });
    const perHour = within(form).getByLabelText("Uploads per member per hour");
    const quota = within(form).getByLabelText("Storage per member (MB)");
    expect(perHour).toHaveValue("20");
    expect(quota).toHaveValue("2048");
    expect(within(form).getByText(/^= 2 GB of uploaded files in all/)).toBeInTheDocument();

    await user.clear(quota);
    await user.type(quota, "10");
    await user.click(within(form).getByRole("button", { name: "Save Settings" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Invalid Storage Quota: Enter whole MB from 50 to 1048576 (1 TB)");
    await user.clear(perHour);
    await user.type(perHour, "0");
    await user.clear(quota);
    await user.type(quota, "4096");
    await user.click(within(form).getByRole("button", { name: "Save Settings" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Invalid Upload Limit: Enter whole uploads per hour from 1 to 1000");
    expect(api.calls("PUT /api/admin/settings")).toHaveLength(0);

    await user.clear(perHour);
    await user.type(perHour, "30");
    expect(within(form).getByText(/^= 4 GB of uploaded files in all/)).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings Saved")).toBeInTheDocument();
    const [call] = api.calls("PUT /api/admin/settings");
    expect(call!.body).toEqual({ uploadsPerHour: 30, uploadQuotaMb: 4096 });
  });

  it("shows the server's refusal under 'Save Failed'", async () => {
    const { user } = setup(() => json({ message: "Dispute Window Not Changed: The marketplace contract could not be reached" }, 503));
    const form = await screen.findByRole("form", { name: "System settings" });
    await user.clear(within(form).getByLabelText("Offer expiry (hours)"));
    await user.type(within(form).getByLabelText("Offer expiry (hours)"), "24");
    await user.click(within(form).getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Save Failed")).toBeInTheDocument();
    expect(screen.getByText("Dispute Window Not Changed: The marketplace contract could not be reached")).toBeInTheDocument();
  });
});
