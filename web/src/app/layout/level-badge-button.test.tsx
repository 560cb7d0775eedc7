import { levelInfo } from "@loop/rules/levels";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { TopBar } from "./top-bar";

// 420 XP: level 3 (100 + 200 XP to get there), 120 of 300 XP into it.
const ME = makeUser({ experience: 420, level: 3, levelInfo: levelInfo(420) });

function renderBar(user = ME) {
  stubApi({});
  return renderWithProviders(<TopBar user={user} isLoading={false} onJoin={vi.fn()} onLogout={vi.fn()} />);
}

describe("top bar level badge", () => {
  it("shows the compact badge and, on click, the detailed card with a link to /level", async () => {
    const { user } = renderBar();
    const badge = await screen.findByRole("button", { name: "Lv 3 (Level 3 Beginner): show level progress" });
    expect(within(badge).getByText("Lv 3")).toBeInTheDocument();

    await user.click(badge);
    const card = await screen.findByRole("dialog", { name: "Level progress" });
    expect(within(card).getByText("Beginner")).toBeInTheDocument();
    expect(within(card).getByText("Level 3")).toBeInTheDocument();
    expect(within(card).getByText("120 / 300 XP")).toBeInTheDocument();
    expect(within(card).getByText("180 XP to level 4")).toBeInTheDocument();
    expect(within(card).getByRole("progressbar", { name: "Progress to next level" })).toHaveAttribute("aria-valuenow", "40");
    expect(within(card).getByRole("link", { name: /view level progress/i })).toHaveAttribute("href", "/level");

    // A click opened it: it stays open when the pointer leaves, and Escape closes it.
    await user.unhover(screen.getByRole("button", { name: /show level progress/i }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(screen.getByRole("dialog", { name: "Level progress" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Level progress" })).not.toBeInTheDocument());
  });

  it("opens on hover and closes when the pointer leaves", async () => {
    const { user } = renderBar();
    await user.hover(await screen.findByRole("button", { name: /show level progress/i }));
    expect(await screen.findByRole("dialog", { name: "Level progress" })).toBeInTheDocument();
    // The card's code loads on first use and replaces the button under the pointer; a real mouse
    // moving over it enters the new button, as this does.
    await user.hover(screen.getByRole("button", { name: /show level progress/i }));
    // Crossing to the card keeps it open.
    await user.hover(screen.getByRole("dialog", { name: "Level progress" }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(screen.getByRole("dialog", { name: "Level progress" })).toBeInTheDocument();
    await user.unhover(screen.getByRole("dialog", { name: "Level progress" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Level progress" })).not.toBeInTheDocument());
  });

  it("reads 'Max level!' when no XP is needed for the next level", async () => {
    const { user } = renderBar(
      makeUser({
        level: 50,
        experience: 1,
        levelInfo: { level: 50, currentXP: 15_000, nextLevelXP: 15_000, xpNeededForNext: 0, progressPercentage: 100 },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Lv 50 (Level 50 Legend): show level progress" }));
    const card = await screen.findByRole("dialog", { name: "Level progress" });
    expect(within(card).getByText("Max level!")).toBeInTheDocument();
    expect(within(card).getByText("Legend")).toBeInTheDocument();
  });

  it("is not shown signed out", () => {
    stubApi({});
    renderWithProviders(<TopBar user={null} isLoading={false} onJoin={vi.fn()} onLogout={vi.fn()} />);
    expect(screen.queryByRole("button", { name: /show level progress/i })).not.toBeInTheDocument();
  });
});
