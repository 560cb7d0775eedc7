import type { PublicLoop } from "@loop/rules/schemas/loops";
import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { textsByRole } from "@/testing/role-texts";
import { collectionPage, makeCollection } from "@/testing/make-collection";
import { makeLoop } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { CollectionPage } from "./collection-page";

/** The loops as plain rows (the route composes the catalog's cards). */
const renderLoops = (loops: PublicLoop[], itemAction?: (loop: PublicLoop) => ReactNode) => (
  <ul aria-label="Loops">
    {loops.map((loop) => (
      <li key={loop.id}>
        {loop.title}
        {itemAction?.(loop)}
      </li>
    ))}
  </ul>
);

const OWNER = { id: "creator-9", username: "nightowl", firstName: null };

function renderPage(collectionId: string) {
  return renderWithToasts(
    <Routes>
      <Route path="/collections/:id" element={<CollectionPage collectionId={collectionId} renderLoops={renderLoops} />} />
      <Route path="/profile" element={<p>My profile</p>} />
    </Routes>,
    `/collections/${collectionId}`,
  );
}

describe("CollectionPage", () => {
  it("a visitor sees a public collection: name, description, owner, count, badge and the loops; no owner controls", async () => {
    const crate = makeCollection({ name: "Dusty Drums", description: "Breaks I keep.", isPublic: true, isOwn: false, owner: OWNER });
    const api = stubApi({
      [`GET /api/collections/${crate.id}`]: () => json(collectionPage(crate, [makeLoop({ title: "Amen" }), makeLoop({ title: "Think" })])),
    });
    renderPage(crate.id);
    expect(await screen.findByRole("heading", { level: 1, name: "Dusty Drums" })).toBeInTheDocument();
    expect(screen.getByText("Breaks I keep.")).toBeInTheDocument();
    expect(screen.getByText("Public")).toBeInTheDocument();
    expect(screen.getByTestId("collection-meta")).toHaveTextContent("by nightowl · 2 loops");
    expect(screen.getByRole("link", { name: "nightowl" })).toHaveAttribute("href", "/profile/creator-9");
    const loops = screen.getByRole("list", { name: "Loops" });
    expect(textsByRole(loops, "listitem")).toEqual(["Amen", "Think"]);
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    for (const name of ["Edit", "Delete collection", "Remove Amen from the collection"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(api.calls(`GET /api/collections/${crate.id}`)[0]!.url.searchParams.get("offset")).toBe("0");
  });

  it("a private collection of someone else, or none: 'Collection Not Found'", async () => {
    stubApi({ "GET /api/collections/:id": () => json({ message: "Collection Not Found" }, 404) });
    renderPage("c0000000-0000-4000-8000-00000000dead");
    expect(await screen.findByRole("heading", { level: 1, name: "Collection Not Found" })).toBeInTheDocument();
    expect(screen.getByText("This collection does not exist, is private, or the link is wrong.")).toBeInTheDocument();
  });

  it("Copy link puts the page's address on the clipboard and says so", async () => {
    const crate = makeCollection({ name: "Dusty Drums", isPublic: true, isOwn: false, owner: OWNER });
    stubApi({ [`GET /api/collections/${crate.id}`]: () => json(collectionPage(crate, [])) });
    const { user } = renderPage(crate.id);
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    const url = `${window.location.origin}/collections/${crate.id}`;
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText("Link Copied")).toBeInTheDocument();
    expect(screen.getByText(url)).toBeInTheDocument();
    expect(screen.getByText("This collection has no loops yet.")).toBeInTheDocument();
  });

  it("the owner makes it public, edits it, removes a loop and deletes it", async () => {
    let crate = makeCollection({ name: "Sketches", isPublic: false });
    const amen = makeLoop({ title: "Amen" });
    let loops = [amen];
    const api = stubApi({
      [`GET /api/collections/${crate.id}`]: () => json(collectionPage(crate, loops)),
      [`PATCH /api/collections/${crate.id}`]: ({ body }) => {
        crate = { ...crate, ...(body as object) };
        return json(crate);
      },
      [`DELETE /api/collections/${crate.id}/loops/${amen.id}`]: () => {
        loops = [];
        return json(crate);
      },
      [`DELETE /api/collections/${crate.id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderPage(crate.id);
    expect(await screen.findByText("Private")).toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Public" }));
    expect(await screen.findByText("Collection Public")).toBeInTheDocument();
    expect(api.bodies(`PATCH /api/collections/${crate.id}`)).toEqual([{ isPublic: true }]);
    await waitFor(() => expect(screen.getByRole("switch", { name: "Public" })).toBeChecked());

    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit collection" });
    const name = within(dialog).getByLabelText("Name");
    expect(name).toHaveValue("Sketches");
    await user.clear(name);
    await user.type(name, "Finished");
    await user.type(within(dialog).getByLabelText("Description (optional)"), "Done ones.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Finished" })).toBeInTheDocument();
    expect(api.bodies(`PATCH /api/collections/${crate.id}`)[1]).toEqual({ name: "Finished", description: "Done ones.", isPublic: true });

    await user.click(screen.getByRole("button", { name: "Remove Amen from the collection" }));
    expect(await screen.findByText("No loops here yet. Use the folder button on any loop card to add one.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete collection" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this collection?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete collection" }));
    expect(await screen.findByText("My profile")).toBeInTheDocument();
    expect(api.calls(`DELETE /api/collections/${crate.id}`)).toHaveLength(1);
  });

  it("'Load More Loops' asks for the next 24 while fewer are shown than the total", async () => {
    const crate = makeCollection({ isPublic: true, isOwn: false, owner: OWNER });
    const first = Array.from({ length: 24 }, (_, i) => makeLoop({ title: `First ${i}` }));
    const api = stubApi({
      [`GET /api/collections/${crate.id}`]: ({ url }) =>
        json(
          url.searchParams.get("offset") === "0"
            ? collectionPage(crate, first, 25)
            : collectionPage(crate, [makeLoop({ title: "Last" })], 25),
        ),
    });
    const { user } = renderPage(crate.id);
    await user.click(await screen.findByRole("button", { name: "Load More Loops" }));
    expect(await screen.findByText("Last")).toBeInTheDocument();
    expect(api.calls(`GET /api/collections/${crate.id}`).map((call) => call.url.searchParams.get("offset"))).toEqual(["0", "24"]);
    expect(screen.queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
  });
});
