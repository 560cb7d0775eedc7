import type { CurrentUser } from "@loop/rules/api-types";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { UserMenu } from "./user-menu";

/** The menu, open, for `viewer` (a visitor when null). */
function renderMenu(viewer: CurrentUser | null) {
  return renderWithProviders(<UserMenu user={viewer} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
}

/** Signed out, the menu (once its 'Sign Up / Login' shows) has no item `name`. */
async function expectNoItemSignedOut(name: string) {
  renderMenu(null);
  await screen.findByRole("menuitem", { name: "Sign Up / Login" });
  expect(screen.queryByRole("menuitem", { name })).not.toBeInTheDocument();
}

describe("main menu", () => {
  it("links 'Level Progress' to /level when signed in", async () => {
    renderMenu(makeUser());
    expect(await screen.findByRole("menuitem", { name: "Level Progress" })).toHaveAttribute("href", "/level");
  });

  it("links 'Level Progress' to /level when signed out, next to 'Sign Up / Login'", async () => {
    renderMenu(null);
    expect(await screen.findByRole("menuitem", { name: "Level Progress" })).toHaveAttribute("href", "/level");
    expect(screen.getByRole("menuitem", { name: "Sign Up / Login" })).toBeInTheDocument();
  });

  it.each([
    ["signed in", makeUser()],
    ["signed out", null],
  ])("links 'Negotiations' to /negotiations when %s", async (_state, user) => {
    renderMenu(user);
    expect(await screen.findByRole("menuitem", { name: "Negotiations" })).toHaveAttribute("href", "/negotiations");
  });

  it("'Create Notification' (signed in only) opens the Create Notification dialog", async () => {
    const { user } = renderMenu(makeUser());
    await user.click(await screen.findByRole("menuitem", { name: "Create Notification" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Notification" });
    expect(within(dialog).getByLabelText("Title")).toBeInTheDocument();
  });

  it("has no 'Create Notification' when signed out", async () => {
    await expectNoItemSignedOut("Create Notification");
  });
});

describe("main menu: Analytics", () => {
  it("links 'Analytics' to /analytics when signed in", async () => {
    renderMenu(makeUser());
    expect(await screen.findByRole("menuitem", { name: "Analytics" })).toHaveAttribute("href", "/analytics");
  });

  it("has no 'Analytics' when signed out", async () => {
    await expectNoItemSignedOut("Analytics");
  });
});

describe("main menu: Admin Panel", () => {
  it("links 'Admin Panel' to /admin for admins", async () => {
    renderMenu(makeUser({ isAdmin: true }));
    expect(await screen.findByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  });

  it("has no 'Admin Panel' for other users", async () => {
    renderMenu(makeUser());
    expect(await screen.findByRole("menuitem", { name: "Settings" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Admin Panel" })).not.toBeInTheDocument();
  });
});

describe("main menu: Library", () => {
  it("links 'Library' to /library when signed in, after 'Profile'", async () => {
    renderMenu(makeUser());
    expect(await screen.findByRole("menuitem", { name: "Library" })).toHaveAttribute("href", "/library");
    const names = screen.getAllByRole("menuitem").map((item) => item.textContent);
    expect(names.indexOf("Library")).toBe(names.indexOf("Profile") + 1);
  });

  it("has no 'Library' when signed out", async () => {
    await expectNoItemSignedOut("Library");
  });
});
