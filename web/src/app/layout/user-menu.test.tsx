import { screen } from "@testing-library/react";
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

  it.each([["signed in", makeUser()], ["signed out", null]])("links 'Negotiations' to /negotiations when %s", async (_state, user) => {
    renderWithProviders(<UserMenu user={user} onJoin={vi.fn()} onLogout={vi.fn()} defaultOpen />);
    expect(await screen.findByRole("menuitem", { name: "Negotiations" })).toHaveAttribute("href", "/negotiations");
  });
});
