import { LEVEL_TITLES, levelTitle } from "@loop/rules/levels";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithProviders } from "@/testing/test-utils";
import { makeRewards, makeUserLevel } from "../testing/level-fixtures";
import { LevelPage } from "./level-page";
import { expectTexts } from "@/testing/expect-texts";

const ME = makeUser({ experience: 420, level: 3 });

function stubLevel(level = makeUserLevel(), rewards = makeRewards(2)) {
  return stubApi({
    "/api/auth/user": () => json(ME),
    "/api/user/level": () => json(level),
    "/api/user/level-rewards": () => json(rewards),
  });
}

describe("level page (/level)", () => {
  it("signed out asks to sign in, and the button opens the Join dialog", async () => {
    stubApi(SIGNED_OUT);
    const { user } = renderApp("/level");
    expect(await screen.findByText("Sign in to view your level progress")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });

  it("signed out never asks the level API", () => {
    const api = stubApi({});
    renderWithProviders(<LevelPage user={null} isLoading={false} onSignIn={vi.fn()} />);
    expect(screen.getByText("Sign in to view your level progress")).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it("shows the progress widget's figures from GET /api/user/level", async () => {
    stubLevel();
    renderApp("/level");
    const widget = await screen.findByTestId("level-progress-widget");
    const scope = within(widget);
    expect(scope.getByRole("heading", { name: "Beginner" })).toBeInTheDocument();
    expect(scope.getByText("Level 3")).toBeInTheDocument();
    expect(scope.getByText("420 XP in total")).toBeInTheDocument();
    expect(scope.getByTestId("level-xp-progress")).toHaveTextContent("120 / 300 XP");
    expect(scope.getByTestId("level-xp-to-next")).toHaveTextContent("180 XP to level 4");
    expect(scope.getByRole("progressbar", { name: "Progress to next level" })).toHaveAttribute("aria-valuenow", "40");
    expect(scope.getByText(/Reaching level 4 pays/)).toHaveTextContent("Reaching level 4 pays 100 LOOP");
    expect(scope.getByTestId("level-figure-earned")).toHaveTextContent("1,234.5 LOOP");
    expect(scope.getByTestId("level-figure-spent")).toHaveTextContent("12 LOOP");
    expect(scope.queryByText("Max level!")).not.toBeInTheDocument();
  });

  it("reads 'Max level!' when no XP is needed for the next level", async () => {
    stubLevel(
      makeUserLevel({
        level: 40,
        title: "Legend",
        currentXP: 12_000,
        nextLevelRequirement: 12_000,
        xpNeededForNext: 0,
        progressPercentage: 100,
      }),
    );
    renderApp("/level");
    const widget = await screen.findByTestId("level-progress-widget");
    expect(within(widget).getByTestId("level-xp-to-next")).toHaveTextContent("Max level!");
    expect(within(widget).queryByText(/XP to level/)).not.toBeInTheDocument();
    expect(within(widget).queryByTestId("level-xp-progress")).not.toBeInTheDocument();
  });

  it("lists at most 5 recent level rewards, newest first, in LOOP", async () => {
    stubLevel(makeUserLevel({ level: 8, title: "Intermediate" }), makeRewards(7));
    renderApp("/level");
    const list = await screen.findByRole("list", { name: "Recent level rewards" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(5);
    expectTexts(items[0], ["Reached level 8", "+100 LOOP"]);
    expect(items[4]).toHaveTextContent("Reached level 4");
    expect(within(list).queryByText("Reached level 3")).not.toBeInTheDocument();
  });

  it("says when there are no level rewards yet", async () => {
    stubLevel(
      makeUserLevel({
        level: 1,
        title: "Beginner",
        experience: 20,
        currentXP: 20,
        nextLevelRequirement: 100,
        xpNeededForNext: 80,
        progressPercentage: 20,
      }),
      [],
    );
    renderApp("/level");
    expect(await screen.findByText("No level rewards yet. Reach level 2 to earn 100 LOOP.")).toBeInTheDocument();
  });

  it("offers a retry when the level cannot be loaded", async () => {
    stubApi({
      "/api/auth/user": () => json(ME),
      "/api/user/level": () => json({ message: "down" }, 500),
      "/api/user/level-rewards": () => json([]),
    });
    renderApp("/level");
    expect(await screen.findByText("Your level progress is unavailable right now.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /try again/i })).toBeInTheDocument();
  });

  it("shows the Level Tiers and the Experience Guide, and marks the user's tier", async () => {
    stubLevel(makeUserLevel({ level: 12, title: "Advanced" }));
    renderApp("/level");
    await screen.findByTestId("level-progress-widget");
    const tiers = screen.getByRole("list", { name: "Level tiers" });
    expect(within(tiers).getAllByRole("listitem")).toHaveLength(LEVEL_TITLES.length);
    expect(within(tiers).getByTestId(`level-tier-${levelTitle(12)}`)).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("heading", { name: "Experience Guide" })).toBeInTheDocument();
  });
});
