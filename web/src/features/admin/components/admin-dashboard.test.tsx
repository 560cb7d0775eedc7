import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithToasts } from "@/testing/test-utils";
import { makeAdminUser, makeSettings, makeStats, userList } from "../testing/admin-fixtures";
import { AdminDashboard } from "./admin-dashboard";

const ADMIN = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "boss", isAdmin: true });

describe("admin dashboard", () => {
  it.each([
    ["a signed-in user who is not an admin", makeUser()],
    ["a visitor", null],
  ])("shows %s 'Access Denied' and fetches nothing", (_who, user) => {
    const api = stubApi({});
    renderWithToasts(<AdminDashboard user={user} isLoading={false} />);
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You need admin privileges to access this page.")).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it("shows an admin six tabs, the Overview figures, and each tab's content", async () => {
    stubApi({
      "GET /api/admin/stats": () => json(makeStats()),
      "GET /api/admin/settlement-discrepancies": () => json({ discrepancies: [] }),
      "GET /api/admin/users": () => json(userList([makeAdminUser()])),
      "GET /api/admin/loops": () => json({ loops: [], total: 0 }),
      "GET /api/admin/level-rewards": () =>
        json({
          tiers: [{ title: "Beginner", minLevel: 1, maxLevel: 4, users: 7 }],
          topUsers: [],
          rewardsPaid: { count: 2, total: "200.00000000" },
          uploadRewardsPaid: { count: 3, total: "1500.00000000" },
        }),
      "GET /api/admin/tokens/withdrawals": () => json([]),
      "GET /api/admin/settings": () => json(makeSettings()),
    });
    const { user } = renderWithToasts(<AdminDashboard user={ADMIN} isLoading={false} />);
    const tabs = screen.getByRole("tablist", { name: "Admin dashboard" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Overview", "Users", "Moderation", "Loops", "Level Rewards", "Settings"]);

    expect(await screen.findByText("1,234")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Total Users" })).getByText("1,234")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Total Loops" })).getByText("56")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Total Revenue" })).getByText("$4,321.50")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Active Users" })).getByText("78")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Users" }));
    expect(await screen.findByRole("region", { name: "beatmaker" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Moderation" }));
    expect(await within(screen.getByRole("group", { name: "Active Users" })).findByText("1")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Banned Users" })).getByText("0")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Loops" }));
    expect(await screen.findByText("No loops yet.")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Level Rewards" }));
    expect(await screen.findByText("7 users")).toBeInTheDocument();
    expect(screen.getByText(/level rewards paid/)).toHaveTextContent(
      "2 level rewards paid, 200 LOOP in total; 3 upload rewards, 1,500 LOOP.",
    );
    expect(screen.getByRole("table", { name: "How XP is earned" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "XP needed per level band" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Settings" }));
    expect(await within(screen.getByRole("group", { name: "Platform Earnings" })).findByText("2,500 LOOP")).toBeInTheDocument();
    expect(
      within(screen.getByRole("tablist", { name: "Admin settings" }))
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Token Withdrawals", "Token Orders", "System Settings", "Audit Log"]);
    expect(await screen.findByText("No withdrawals to show.")).toBeInTheDocument();
  });

  it("says the on-chain vault reserve is unavailable when the chain cannot be read", async () => {
    stubApi({
      "GET /api/admin/stats": () => json(makeStats({ onChainVaultReserve: null })),
      "GET /api/admin/tokens/withdrawals": () => json([]),
    });
    const { user } = renderWithToasts(<AdminDashboard user={ADMIN} isLoading={false} />);
    await user.click(screen.getByRole("tab", { name: "Settings" }));
    expect(
      await within(screen.getByRole("group", { name: "Available for Withdrawal" })).findByText("On-chain vault reserve: unavailable"),
    ).toBeInTheDocument();
  });
});

describe("admin routes", () => {
  it("/admin shows a signed-in non-admin 'Access Denied'", async () => {
    stubApi({ "GET /api/auth/user": () => json(makeUser()) });
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
  });

  it("/admin shows a visitor 'Access Denied'", async () => {
    stubApi({ "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401) });
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You need admin privileges to access this page.")).toBeInTheDocument();
  });

  it("/ shows an admin the dashboard", async () => {
    stubApi({ "GET /api/auth/user": () => json(ADMIN), "GET /api/admin/stats": () => json(makeStats()) });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(await screen.findByText("1,234")).toBeInTheDocument();
  });
});
