import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { ADMIN_ID, makeAdminUser, userList, USER_ID } from "../testing/admin-fixtures";
import { UsersTab } from "./users-tab";

function setup(routes: ApiRoutes = {}, users = [makeAdminUser()]) {
  const api = stubApi({ "GET /api/admin/users": () => json(userList(users)), ...routes });
  const onNotify = vi.fn();
  const rendered = renderWithToasts(<UsersTab currentUserId={ADMIN_ID} onNotify={onNotify} />);
  const row = () => screen.findByRole("region", { name: users[0]!.username });
  return { ...rendered, api, onNotify, row };
}

describe("Users tab", () => {
  it("lists users with badges, a shortened wallet, XP and totals", async () => {
    setup({}, [makeAdminUser({ isAdmin: true, isBanned: false, level: 12, experience: 4321 })]);
    const row = await screen.findByRole("region", { name: "beatmaker" });
    expect(within(row).getByText("Admin")).toBeInTheDocument();
    expect(within(row).getByText("Level 12")).toBeInTheDocument();
    expect(within(row).getByText("0x5290...9EE7")).toBeInTheDocument();
    expect(within(row).getByText("4,321")).toBeInTheDocument();
    expect(within(row).getByText("120.5 LOOP")).toBeInTheDocument();
    expect(within(row).getByText("40 LOOP")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Remove Admin" })).toBeInTheDocument();
    expect(within(row).queryByText("Banned")).not.toBeInTheDocument();
  });

  it("searches after typing stops, with the search text in the request", async () => {
    const { user, api } = setup();
    await screen.findByRole("region", { name: "beatmaker" });
    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "0xabc");
    await waitFor(() => expect(api.calls("GET /api/admin/users").some(({ url }) => url.searchParams.get("search") === "0xabc")).toBe(true));
    const searches = api.calls("GET /api/admin/users").map(({ url }) => url.searchParams.get("search"));
    // Debounced: no request for each partial text.
    expect(searches.filter((text) => text !== null)).toEqual(["0xabc"]);
  });

  it("bans only with a reason, sends it, and toasts 'User Status Updated'", async () => {
    const { user, api, row } = setup({
      "PUT /api/admin/users/00000000-0000-4000-8000-000000000002/ban": ({ body }) =>
        json(makeAdminUser({ isBanned: true, banReason: String((body as { banReason: string }).banReason) })),
    });
    await user.click(within(await row()).getByRole("button", { name: "Ban" }));
    const dialog = screen.getByRole("dialog", { name: "Ban User" });
    const ban = within(dialog).getByRole("button", { name: "Ban" });
    expect(ban).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Reason"), "   ");
    expect(ban).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Reason"), "Spam uploads");
    expect(ban).toBeEnabled();
    await user.click(ban);
    expect(await screen.findByText("User Status Updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [call] = api.calls(`PUT /api/admin/users/${USER_ID}/ban`);
    expect(call!.body).toEqual({ isBanned: true, banReason: "Spam uploads" });
  });

  it("unbans without a reason", async () => {
    const { user, api, row } = setup({ [`PUT /api/admin/users/${USER_ID}/ban`]: () => json(makeAdminUser()) }, [
      makeAdminUser({ isBanned: true, banReason: "Spam" }),
    ]);
    const found = await row();
    expect(within(found).getByText("Banned")).toBeInTheDocument();
    expect(within(found).getByText("Ban reason: Spam")).toBeInTheDocument();
    await user.click(within(found).getByRole("button", { name: "Unban" }));
    expect(await screen.findByText("User Status Updated")).toBeInTheDocument();
    const [call] = api.calls(`PUT /api/admin/users/${USER_ID}/ban`);
    expect(call!.body).toEqual({ isBanned: false, banReason: null });
  });

  it("shows the server's refusal under 'Update Failed' (the last admin)", async () => {
    const { user, row } = setup(
      {
        [`PUT /api/admin/users/${USER_ID}/admin`]: () =>
          json({ message: "Cannot Remove Admin: You are the last admin of the marketplace" }, 409),
      },
      [makeAdminUser({ isAdmin: true })],
    );
    await user.click(within(await row()).getByRole("button", { name: "Remove Admin" }));
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
    expect(screen.getByText("Cannot Remove Admin: You are the last admin of the marketplace")).toBeInTheDocument();
  });

  it("grants admin status and falls back to the spec's text when the server says nothing", async () => {
    let fail = false;
    const { user, api, row } = setup({
      [`PUT /api/admin/users/${USER_ID}/admin`]: () => (fail ? new Response("", { status: 500 }) : json(makeAdminUser({ isAdmin: true }))),
    });
    await user.click(within(await row()).getByRole("button", { name: "Make Admin" }));
    expect(await screen.findByText("Admin Status Updated")).toBeInTheDocument();
    expect(api.bodies(`PUT /api/admin/users/${USER_ID}/admin`)[0]).toEqual({ isAdmin: true });
    fail = true;
    await user.click(within(await row()).getByRole("button", { name: "Make Admin" }));
    expect(await screen.findByText("Failed to update admin status.")).toBeInTheDocument();
  });

  it("sends a warning only with a message, with the chosen severity", async () => {
    const { user, api, row } = setup({
      [`POST /api/admin/users/${USER_ID}/warning`]: () =>
        json(
          {
            id: "00000000-0000-4000-8000-0000000000c1",
            userId: USER_ID,
            message: "Stop",
            severity: "high",
            createdAt: "2026-11-25T10:00:00.000Z",
          },
          201,
        ),
    });
    await user.click(within(await row()).getByRole("button", { name: "Warn" }));
    const dialog = screen.getByRole("dialog", { name: "Send Warning" });
    const send = within(dialog).getByRole("button", { name: "Send Warning" });
    expect(send).toBeDisabled();
    expect(
      within(within(dialog).getByLabelText("Severity"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Low", "Medium", "High"]);
    await user.type(within(dialog).getByLabelText("Message"), "Stop reposting other people's loops");
    await user.selectOptions(within(dialog).getByLabelText("Severity"), "high");
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText("Warning Sent")).toBeInTheDocument();
    expect(api.bodies(`POST /api/admin/users/${USER_ID}/warning`)[0]).toEqual({
      message: "Stop reposting other people's loops",
      severity: "high",
    });
  });

  it("says 'Send Failed: Failed to send warning.' when the warning fails", async () => {
    const { user, row } = setup({ [`POST /api/admin/users/${USER_ID}/warning`]: () => new Response("", { status: 500 }) });
    await user.click(within(await row()).getByRole("button", { name: "Warn" }));
    const dialog = screen.getByRole("dialog", { name: "Send Warning" });
    await user.type(within(dialog).getByLabelText("Message"), "Careful");
    await user.click(within(dialog).getByRole("button", { name: "Send Warning" }));
    expect(await screen.findByText("Send Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to send warning.")).toBeInTheDocument();
  });

  it("shows each seller's sale hold, chargebacks and a suspension; Lift Suspension restores withdrawals", async () => {
    const suspended = makeAdminUser({ chargebacks: 2, withdrawalsSuspendedAt: "2026-11-20T10:00:00.000Z" });
    const { user, api, row } = setup({ [`PUT /api/admin/users/${USER_ID}/withdrawals`]: () => json(makeAdminUser({ chargebacks: 2 })) }, [
      suspended,
    ]);
    const found = await row();
    expect(within(found).getByText("30 days (new seller)")).toBeInTheDocument();
    expect(within(found).getByText("2 chargebacks")).toBeInTheDocument();
    expect(within(found).getByText("Withdrawals suspended")).toBeInTheDocument();
    await user.click(within(found).getByRole("button", { name: "Lift Suspension" }));
    expect(await screen.findByText("Withdrawals Restored")).toBeInTheDocument();
    expect(screen.getByText("beatmaker can withdraw again.")).toBeInTheDocument();
    expect(api.bodies(`PUT /api/admin/users/${USER_ID}/withdrawals`)).toEqual([{ suspended: false }]);
  });

  it("Sale Hold: approves a new seller, or gives them their own days (checked with the shared rules)", async () => {
    const { user, api, row } = setup({
      [`PATCH /api/admin/users/${USER_ID}/sale-hold`]: ({ body }) => {
        const { holdDays } = body as { holdDays: number | null };
        return json(
          makeAdminUser({
            saleHold:
              holdDays === null
                ? { days: 7, basis: "approved", approved: true, customDays: null, oldSales: 1 }
                : { days: holdDays, basis: "custom", approved: false, customDays: holdDays, oldSales: 1 },
          }),
        );
      },
    });
    await user.click(within(await row()).getByRole("button", { name: "Sale Hold" }));
    let dialog = screen.getByRole("dialog", { name: "Sale Hold" });
    expect(dialog).toHaveTextContent(
      "beatmaker's new card and PayPal sales are held 30 days (new seller); they have 1 card and PayPal sale older than 120 days.",
    );
    expect(within(dialog).getByLabelText("Hold")).toHaveValue("rule");
    await user.selectOptions(within(dialog).getByLabelText("Hold"), "approved");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Sale Hold Updated")).toBeInTheDocument();
    expect(screen.getByText("beatmaker's new card and PayPal sales are held 7 days (approved).")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(within(await row()).getByRole("button", { name: "Sale Hold" }));
    dialog = screen.getByRole("dialog", { name: "Sale Hold" });
    await user.selectOptions(within(dialog).getByLabelText("Hold"), "custom");
    await user.type(within(dialog).getByLabelText("Days (0–180)"), "181");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Invalid Sale Hold: Enter whole days from 0 to 180, or none");
    await user.clear(within(dialog).getByLabelText("Days (0–180)"));
    await user.type(within(dialog).getByLabelText("Days (0–180)"), "45");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("beatmaker's new card and PayPal sales are held 45 days (set by an admin).")).toBeInTheDocument();
    expect(api.bodies(`PATCH /api/admin/users/${USER_ID}/sale-hold`)).toEqual([
      { approved: true, holdDays: null },
      { approved: false, holdDays: 45 },
    ]);
  });

  it("pages when there are more users than fit", async () => {
    const { user, api } = setup({ "GET /api/admin/users": () => json(userList([makeAdminUser()], 45)) });
    expect(await screen.findByText("1–20 of 45 users")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(api.calls("GET /api/admin/users").some(({ url }) => url.searchParams.get("offset") === "20")).toBe(true));
    expect(await screen.findByText("21–40 of 45 users")).toBeInTheDocument();
  });
});
