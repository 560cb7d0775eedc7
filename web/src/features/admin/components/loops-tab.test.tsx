import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { makeAdminLoop } from "../testing/admin-fixtures";
import { LoopsTab } from "./loops-tab";

const LOOP = makeAdminLoop();
const HIDDEN = makeAdminLoop({
  id: "00000000-0000-4000-8000-0000000000a2",
  title: "Stolen Beat",
  isPublic: false,
  status: "hidden",
  hiddenReason: "Copyright claim",
});

function setup() {
  const api = stubApi({
    "GET /api/admin/loops": () => json({ loops: [LOOP, HIDDEN], total: 2 }),
    [`PUT /api/admin/loops/${LOOP.id}/moderation`]: ({ body }) =>
      json({ ...LOOP, status: "hidden", hiddenReason: (body as { reason: string }).reason }),
    [`PUT /api/admin/loops/${HIDDEN.id}/moderation`]: () => json({ ...HIDDEN, status: "ready", hiddenReason: null }),
    [`PUT /api/admin/loops/${LOOP.id}/visibility`]: () => json({ ...LOOP, isPublic: false }),
  });
  return { ...renderWithToasts(<LoopsTab />), api };
}

describe("Loops tab", () => {
  it("lists loops with visibility, hidden status and reason, creator, price and downloads", async () => {
    setup();
    const row = await screen.findByRole("region", { name: "Deep Night" });
    expect(within(row).getByText("Public")).toBeInTheDocument();
    expect(within(row).getByText("beatmaker")).toBeInTheDocument();
    expect(within(row).getByText("$4.99")).toBeInTheDocument();
    expect(within(row).getByText("12")).toBeInTheDocument();
    const hidden = screen.getByRole("region", { name: "Stolen Beat" });
    expect(within(hidden).getByText("Private")).toBeInTheDocument();
    expect(within(hidden).getByText("Hidden")).toBeInTheDocument();
    expect(within(hidden).getByText("Hidden: Copyright claim")).toBeInTheDocument();
    expect(within(hidden).getByRole("button", { name: "Restore" })).toBeInTheDocument();
    expect(within(hidden).getByRole("button", { name: "Make Public" })).toBeInTheDocument();
  });

  it("hides a loop only with a reason", async () => {
    const { user, api } = setup();
    const row = await screen.findByRole("region", { name: "Deep Night" });
    await user.click(within(row).getByRole("button", { name: "Hide" }));
    const dialog = screen.getByRole("dialog", { name: "Hide Loop" });
    expect(within(dialog).getByRole("button", { name: "Hide" })).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Reason"), "Copyright claim");
    await user.click(within(dialog).getByRole("button", { name: "Hide" }));
    expect(await screen.findByText("Loop Hidden")).toBeInTheDocument();
    expect(api.bodies(`PUT /api/admin/loops/${LOOP.id}/moderation`)[0]).toEqual({ hidden: true, reason: "Copyright claim" });
  });

  it("restores a hidden loop and changes visibility", async () => {
    const { user, api } = setup();
    await user.click(within(await screen.findByRole("region", { name: "Stolen Beat" })).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Loop Restored")).toBeInTheDocument();
    expect(api.bodies(`PUT /api/admin/loops/${HIDDEN.id}/moderation`)[0]).toEqual({ hidden: false, reason: null });
    await user.click(within(screen.getByRole("region", { name: "Deep Night" })).getByRole("button", { name: "Make Private" }));
    expect(await screen.findByText("Visibility Updated")).toBeInTheDocument();
    expect(api.bodies(`PUT /api/admin/loops/${LOOP.id}/visibility`)[0]).toEqual({ isPublic: false });
  });
});
