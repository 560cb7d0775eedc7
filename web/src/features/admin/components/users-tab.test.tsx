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
    expect(within(row).getByText("120.50000000 LOOP")).toBeInTheDocument();
    expect(within(row).getByText("40.00000000 LOOP")).toBeInTheDocument();
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

  it("pages when there are more users than fit", async () => {
    const { user, api } = setup({ "GET /api/admin/users": () => json(userList([makeAdminUser()], 45)) });
    expect(await screen.findByText("1–20 of 45 users")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(api.calls("GET /api/admin/users").some(({ url }) => url.searchParams.get("offset") === "20")).toBe(true));
    expect(await screen.findByText("21–40 of 45 users")).toBeInTheDocument();
  });
});
