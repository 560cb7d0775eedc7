import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { UserMenu } from "./user-menu";

describe("main menu", () => {
  it("links 'Level Progress' to /level when signed in", async () => {
    renderWithProviders(<UserMenu user={makeUser()} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Level Progress" })).toHaveAttribute("href", "/level");
  });

  it("links 'Level Progress' to /level when signed out, next to 'Sign Up / Login'", async () => {
    renderWithProviders(<UserMenu user={null} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Level Progress" })).toHaveAttribute("href", "/level");
    expect(screen.getByRole("menuitem", { name: "Sign Up / Login" })).toBeInTheDocument();
  });

  it.each([
    ["signed in", makeUser()],
    ["signed out", null],
  ])("links 'Negotiations' to /negotiations when %s", async (_state, user) => {
    renderWithProviders(<UserMenu user={user} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Negotiations" })).toHaveAttribute("href", "/negotiations");
  });

  it("'Create Notification' (signed in only) opens the Create Notification dialog", async () => {
    const { user } = renderWithProviders(<UserMenu user={makeUser()} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    await user.click(await screen.findByRole("menuitem", { name: "Create Notification" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Notification" });
    expect(within(dialog).getByLabelText("Title")).toBeInTheDocument();
  });

  it("has no 'Create Notification' when signed out", async () => {
    renderWithProviders(<UserMenu user={null} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    await screen.findByRole("menuitem", { name: "Sign Up / Login" });
    expect(screen.queryByRole("menuitem", { name: "Create Notification" })).not.toBeInTheDocument();
  });
});

describe("main menu: Analytics", () => {
  it("links 'Analytics' to /analytics when signed in", async () => {
    renderWithProviders(<UserMenu user={makeUser()} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Analytics" })).toHaveAttribute("href", "/analytics");
  });

  it("has no 'Analytics' when signed out", async () => {
    renderWithProviders(<UserMenu user={null} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    await screen.findByRole("menuitem", { name: "Sign Up / Login" });
    expect(screen.queryByRole("menuitem", { name: "Analytics" })).not.toBeInTheDocument();
  });
});

describe("main menu: Admin Panel", () => {
  it("links 'Admin Panel' to /admin for admins", async () => {
    renderWithProviders(<UserMenu user={makeUser({ isAdmin: true })} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  });

  it("has no 'Admin Panel' for other users", async () => {
    renderWithProviders(<UserMenu user={makeUser()} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Settings" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Admin Panel" })).not.toBeInTheDocument();
  });
});

describe("main menu: Library", () => {
  it("links 'Library' to /library when signed in, after 'Profile'", async () => {
    renderWithProviders(<UserMenu user={makeUser()} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Library" })).toHaveAttribute("href", "/library");
    const names = screen.getAllByRole("menuitem").map((item) => item.textContent);
    expect(names.indexOf("Library")).toBe(names.indexOf("Profile") + 1);
  });

  it("has no 'Library' when signed out", async () => {
    renderWithProviders(<UserMenu user={null} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    await screen.findByRole("menuitem", { name: "Sign Up / Login" });
    expect(screen.queryByRole("menuitem", { name: "Library" })).not.toBeInTheDocument();
  });
});
