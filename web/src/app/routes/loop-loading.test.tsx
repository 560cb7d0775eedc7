import { LOOP_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { embedLoopInHtml, removeEmbeddedLoop } from "@/features/loop-page/testing/embed-loop";
import { makeLoop } from "@/testing/make-loop";
import { renderWithProviders } from "@/testing/test-utils";
import { LoopLoading } from "./loop-loading";

const LOOP_ID = "10000000-0000-4000-8000-0000000000aa";

function renderLoading() {
  return renderWithProviders(
    <Routes>
      <Route path="/loops/:loopId" element={<LoopLoading />} />
    </Routes>,
    `/loops/${LOOP_ID}`,
  );
}

afterEach(removeEmbeddedLoop);

describe("a loop's page while its code loads", () => {
  it("shows the title, the kind, the genre and the creator from the loop the HTML carries, and leaves it for the page", () => {
    embedLoopInHtml(makeLoop({ id: LOOP_ID, title: "Dusty Vinyl Sunday", contentType: "track" }));
    renderLoading();
    expect(screen.getByRole("heading", { level: 1, name: "Dusty Vinyl Sunday" })).toBeInTheDocument();
    expect(screen.getByText("Track")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading loop");
    expect(document.getElementById(LOOP_DATA_ELEMENT_ID)).not.toBeNull();
  });

  it("without the loop in the HTML (or another loop's), shows the spinner only", () => {
    embedLoopInHtml(makeLoop({ id: "10000000-0000-4000-8000-0000000000bb", title: "Another" }));
    renderLoading();
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading loop");
  });
});
