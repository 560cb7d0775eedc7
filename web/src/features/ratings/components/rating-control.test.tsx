import type { RatingResult } from "@loop/rules/schemas/ratings";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { makeLoop } from "@/testing/make-loop";
import { renderWithApi } from "@/testing/render-with-api";
import { type ApiHandler, type ApiRoutes, json } from "@/testing/stub-api";
import { signedIn } from "@/testing/viewer";
import { RatingControl } from "./rating-control";

/** The stars of `loop` for a listener who may rate it, with the toaster. */
function renderStars(loop: PublicLoop, routes: ApiRoutes, onRated?: (result: RatingResult) => void) {
  return renderWithApi(<RatingControl loopId={loop.id} title={loop.title} myRating={loop.myRating} onRated={onRated} />, routes);
}

describe("rating a loop", () => {
  it("sends the stars chosen, says 'Rating Saved', marks them and hands the new average on", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true, canRate: true });
    const rate = vi.fn<ApiHandler>(() => json({ averageRating: 4, totalRatings: 1, myRating: 4 }));
    const onRated = vi.fn();
    const { user } = renderStars(loop, { "GET /api/auth/user": signedIn, [`POST /api/loops/${loop.id}/ratings`]: rate }, onRated);
    await user.click(within(screen.getByRole("radiogroup", { name: "Rate this loop" })).getByRole("radio", { name: "4 stars" }));
    expect(await screen.findByText("Rating Saved")).toBeInTheDocument();
    expect(screen.getByText('You rated "Free Swing" 4 out of 5.')).toBeInTheDocument();
    expect(rate.mock.calls[0]![0].body).toEqual({ rating: 4 });
    expect(onRated).toHaveBeenCalledWith({ averageRating: 4, totalRatings: 1, myRating: 4 });
    expect(screen.getByRole("radiogroup", { name: "Your rating" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "4 stars" })).toHaveAttribute("aria-checked", "true");
  });

  it("shows the server's refusal", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true, canRate: true });
    const { user } = renderStars(loop, {
      "GET /api/auth/user": signedIn,
      [`POST /api/loops/${loop.id}/ratings`]: () =>
        json({ message: "Rating Not Allowed: Only listeners who bought or downloaded this loop can rate it." }, 403),
    });
    await user.click(within(await screen.findByRole("radiogroup")).getByRole("radio", { name: "5 stars" }));
    expect(await screen.findByText("Rating Not Allowed")).toBeInTheDocument();
    expect(screen.getByText("Only listeners who bought or downloaded this loop can rate it.")).toBeInTheDocument();
  });
});
