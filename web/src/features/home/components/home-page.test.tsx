import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { HomeHero } from "./home-page";

describe("HomeHero", () => {
  it("welcomes the user with their level and wallet ID; Start Browsing brings the catalog into view", async () => {
    const onStartBrowsing = vi.fn();
    const { user } = renderWithProviders(
      <HomeHero
        user={makeUser({ username: "nightowl", level: 12, experience: 7000, walletAddress: "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01" })}
        onStartBrowsing={onStartBrowsing}
        actions={<button type="button">Extra action</button>}
      />,
    );
    expect(screen.getByTestId("home-welcome")).toHaveTextContent("Hi, nightowl");
    expect(screen.getAllByLabelText("Level 12 Advanced").length).toBeGreaterThan(0);
    expect(screen.getByText("0xAbCd...Ef01")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Extra action" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Account settings" })).toHaveAttribute("href", "/settings");
    await user.click(screen.getByRole("button", { name: "Start Browsing" }));
    expect(onStartBrowsing).toHaveBeenCalledOnce();
  });

  it("offers to link a wallet when there is none, and shows a ban", () => {
    renderWithProviders(
      <HomeHero user={makeUser({ walletAddress: null, isBanned: true, banReason: "Spam" })} onStartBrowsing={() => undefined} />,
    );
    expect(screen.getByRole("link", { name: "Link a wallet" })).toHaveAttribute("href", "/settings");
    expect(screen.getByRole("alert")).toHaveTextContent("Your account is banned");
    expect(screen.getByRole("alert")).toHaveTextContent("Spam");
  });

  it("visitors get the catalog pitch and Start Browsing", () => {
    renderWithProviders(<HomeHero user={null} onStartBrowsing={() => undefined} />);
    expect(screen.getByRole("heading", { level: 1, name: "Find your next loop" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start Browsing" })).toBeInTheDocument();
    expect(screen.queryByTestId("home-welcome")).not.toBeInTheDocument();
  });
});
