import type { Collection } from "@loop/rules/schemas/collections";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { makeCollection as makeTestCollection } from "@/testing/make-collection";
import { makeLoop } from "@/testing/make-loop";
import { renderWithApi } from "@/testing/render-with-api";
import { type ApiRequest, type ApiRoutes, json } from "@/testing/stub-api";
import { signedIn } from "@/testing/viewer";
import { AddToCollectionMenu } from "./add-to-collection-menu";

const makeCollection = (overrides: Partial<Collection> = {}) =>
  makeTestCollection({ id: "c0000000-0000-4000-8000-000000000001", name: "Late Night", containsLoop: false, ...overrides });

/** The menu as a card shows it to a member, with the toaster. */
function renderMenu(loop: PublicLoop, routes: ApiRoutes) {
  return renderWithApi(<AddToCollectionMenu loopId={loop.id} title={loop.title} />, routes);
}

describe("Add to collection", () => {
  it("lists the member's collections with a check where the loop is; choosing one adds or removes it", async () => {
    const loop = makeLoop({ title: "Warm Pads" });
    let holds = new Set(["c0000000-0000-4000-8000-000000000002"]);
    const collections = () => [
      makeCollection({ containsLoop: holds.has("c0000000-0000-4000-8000-000000000001") }),
      makeCollection({
        id: "c0000000-0000-4000-8000-000000000002",
        name: "Drums",
        isPublic: true,
        containsLoop: holds.has("c0000000-0000-4000-8000-000000000002"),
      }),
    ];
    const { user, api } = renderMenu(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/collections": () => json({ collections: collections() }),
      "POST /api/collections/:id/loops": ({ params }: ApiRequest) => {
        holds = new Set([...holds, params.id!]);
        return json(makeCollection({ id: params.id }));
      },
      "DELETE /api/collections/:id/loops/:loopId": ({ params }: ApiRequest) => {
        holds = new Set([...holds].filter((id) => id !== params.id));
        return json(makeCollection({ id: params.id }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add Warm Pads to a collection" }));
    const lateNight = await screen.findByRole("menuitemcheckbox", { name: /Late Night/ });
    expect(lateNight).toHaveAttribute("aria-checked", "false");
    expect(screen.getByRole("menuitemcheckbox", { name: /Drums/ })).toHaveAttribute("aria-checked", "true");
    expect(api.calls("GET /api/collections")[0]!.url.searchParams.get("loopId")).toBe(loop.id);

    await user.click(lateNight);
    expect(await screen.findByText("Added To Collection")).toBeInTheDocument();
    expect(api.bodies("POST /api/collections/:id/loops")).toEqual([{ loopId: loop.id }]);
    await waitFor(() => expect(screen.getByRole("menuitemcheckbox", { name: /Late Night/ })).toHaveAttribute("aria-checked", "true"));

    await user.click(screen.getByRole("menuitemcheckbox", { name: /Drums/ }));
    expect(await screen.findByText("Removed From Collection")).toBeInTheDocument();
    expect(api.calls(`DELETE /api/collections/c0000000-0000-4000-8000-000000000002/loops/${loop.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("menuitemcheckbox", { name: /Drums/ })).toHaveAttribute("aria-checked", "false"));
  });

  it("'New collection…' creates a public one and puts the loop in it", async () => {
    const loop = makeLoop({ title: "Warm Pads" });
    const created = makeCollection({ id: "c0000000-0000-4000-8000-000000000009", name: "Crate One", isPublic: true });
    const { user, api } = renderMenu(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/collections": () => json({ collections: [] }),
      "POST /api/collections": () => json(created, 201),
      "POST /api/collections/:id/loops": () => json(created),
    });
    await user.click(await screen.findByRole("button", { name: "Add Warm Pads to a collection" }));
    expect(await screen.findByText("No collections yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "New collection…" }));
    const dialog = await screen.findByRole("dialog", { name: "New collection" });
    await user.click(within(dialog).getByRole("button", { name: "Create collection" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Invalid Name");
    expect(api.calls("POST /api/collections")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Name"), "  Crate One ");
    await user.click(within(dialog).getByRole("switch", { name: /Public/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create collection" }));
    expect(await screen.findByText("Collection Created")).toBeInTheDocument();
    expect(api.bodies("POST /api/collections")).toEqual([{ name: "Crate One", description: "", isPublic: true }]);
    expect(api.calls(`POST /api/collections/${created.id}/loops`)).toHaveLength(1);
    expect(api.bodies(`POST /api/collections/${created.id}/loops`)).toEqual([{ loopId: loop.id }]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
