import { UPLOAD_REWARD_LOOP, UPLOAD_REWARD_WINDOW_HOURS, UPLOAD_REWARDS_PER_DAY } from "@loop/rules/upload-reward";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Hero } from "./hero";

describe("landing hero: tokens per upload (issue 22)", () => {
  it("claims exactly the upload reward the API pays and states its rule in a footnote", () => {
    render(
      <MemoryRouter>
        <Hero onJoin={vi.fn()} />
      </MemoryRouter>,
    );
    const claim = screen.getByText("Tokens per upload").parentElement!;
    expect(within(claim).getByRole("definition")).toHaveTextContent(/^500\*$/);
    expect(screen.queryByText("500+")).not.toBeInTheDocument();
    expect(screen.getByTestId("upload-reward-rule")).toHaveTextContent(
      "* Upload reward: 500 promotional LOOP for each paid, original loop that stays live 24 h; up to 5 a day. Spend it on loops.",
    );
    // The figures come from the rules the API's sweep uses.
    expect([UPLOAD_REWARD_LOOP, UPLOAD_REWARD_WINDOW_HOURS, UPLOAD_REWARDS_PER_DAY]).toEqual([500, 24, 5]);
  });

  it("has a way into the catalog for visitors: 'Browse loops' links to /home (issue 36)", () => {
    render(
      <MemoryRouter>
        <Hero onJoin={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Browse loops" })).toHaveAttribute("href", "/home");
  });
});
