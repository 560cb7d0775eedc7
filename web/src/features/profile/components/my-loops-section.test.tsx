import { UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import type { MyLoop } from "@loop/rules/schemas/my-loops";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectTexts } from "@/testing/expect-texts";
import { type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { makeMyLoop, myLoopsPage } from "../testing/make-my-loop";
import { MyLoopsSection } from "./my-loops-section";

const DRUMS = makeMyLoop({
  id: "7d000000-0000-4000-8000-0000000000a1",
  title: "Dusty Drums",
  plays: 1234,
  sales: 7,
  earningsLoop: "1234.50000000",
  earningsUsd: "12.50",
  createdAt: "2026-03-04T10:00:00.000Z",
});
const PADS = makeMyLoop({
  id: "7d000000-0000-4000-8000-0000000000a2",
  title: "Warm Pads",
  isFree: true,
  price: "0.00",
  visibility: "unlisted",
  status: "processing",
  processingStage: "processing",
});
const WAITING = makeMyLoop({
  id: "7d000000-0000-4000-8000-0000000000a5",
  title: "Waiting Keys",
  status: "processing",
  processingStage: "queued",
});
const BROKEN = makeMyLoop({
  id: "7d000000-0000-4000-8000-0000000000a3",
  title: "Broken Upload",
  visibility: "private",
  status: "failed",
  failureReason: "The file holds no audio samples.",
});
const HIDDEN = makeMyLoop({
  id: "7d000000-0000-4000-8000-0000000000a4",
  title: "Hidden Gem",
  status: "hidden",
  hiddenReason: "Reported as copyrighted.",
});

const GENRES = [
  { id: 1, name: "Hip Hop" },
  { id: 2, name: "House" },
];

function setup(loops: MyLoop[] = [DRUMS], routes: ApiRoutes = {}) {
  const api = stubApi({
    "/api/profile/loops": () => json(myLoopsPage(loops)),
    "/api/genres": () => json(GENRES),
    ...routes,
  });
  const rendered = renderWithToasts(<MyLoopsSection emptyText="Nothing uploaded yet." />);
  return { ...rendered, api };
}

const row = (title: string) => screen.getByRole("row", { name: new RegExp(title) });

describe("My Loops table", () => {
  it("lists each loop with its status, visibility, price, figures and upload date, and the total", async () => {
    setup([DRUMS, PADS, BROKEN, HIDDEN, WAITING]);
    const drums = await screen.findByRole("row", { name: /Dusty Drums/ });
    expect(within(drums).getByRole("link", { name: "Dusty Drums" })).toHaveAttribute("href", `/loops/${DRUMS.id}`);
    expectTexts(drums, ["Ready", "Public", "$4.99", "1,234", "1,234.5 LOOP", "$12.50 USD", "Mar 4, 2026"]);

    const pads = row("Warm Pads");
    expectTexts(pads, ["Processing", "Unlisted", "Free"]);

    const broken = row("Broken Upload");
    expectTexts(broken, ["Failed", "The file holds no audio samples.", "Private"]);
    expect(within(broken).getByRole("button", { name: "Retry Broken Upload" })).toBeInTheDocument();
    expect(within(pads).queryByRole("button", { name: /Retry/ })).not.toBeInTheDocument();

    expect(row("Hidden Gem")).toHaveTextContent("Reported as copyrighted.");
    // An upload no worker has taken yet says so.
    expect(row("Waiting Keys")).toHaveTextContent("Queued");
    expect(row("Waiting Keys")).not.toHaveTextContent("Processing");
    expect(screen.getByTestId("my-loops-total")).toHaveTextContent("5 loops");
  });

  it("sorts by a header: most first, then least first, as the request's sort and order", async () => {
    const { api, user } = setup();
    await screen.findByRole("row", { name: /Dusty Drums/ });
    expect(api.calls("/api/profile/loops")[0]!.url.searchParams.get("sort")).toBe("recent");
    expect(screen.getByRole("columnheader", { name: /Uploaded/ })).toHaveAttribute("aria-sort", "descending");

    await user.click(screen.getByRole("button", { name: "Plays" }));
    await waitFor(() => expect(api.calls("/api/profile/loops").at(-1)!.url.searchParams.get("sort")).toBe("plays"));
    expect(api.calls("/api/profile/loops").at(-1)!.url.searchParams.get("order")).toBe("desc");
    expect(screen.getByRole("columnheader", { name: /Plays/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: /Uploaded/ })).not.toHaveAttribute("aria-sort");

    await user.click(screen.getByRole("button", { name: "Plays" }));
    await waitFor(() => expect(api.calls("/api/profile/loops").at(-1)!.url.searchParams.get("order")).toBe("asc"));
    expect(screen.getByRole("columnheader", { name: /Plays/ })).toHaveAttribute("aria-sort", "ascending");

    await user.click(screen.getByRole("button", { name: "Earnings" }));
    await waitFor(() => expect(api.calls("/api/profile/loops").at(-1)!.url.searchParams.get("sort")).toBe("earnings"));
  });

  it("Load more asks for the page after the cursor and adds its rows", async () => {
    const { api, user } = setup([], {
      "/api/profile/loops": ({ url }) =>
        json(url.searchParams.get("after") === "cursor-1" ? myLoopsPage([PADS], 2) : myLoopsPage([DRUMS], 2, "cursor-1")),
    });
    await screen.findByRole("row", { name: /Dusty Drums/ });
    expect(screen.getByText("Showing 1 of 2 loops")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("row", { name: /Warm Pads/ })).toBeInTheDocument();
    expect(row("Dusty Drums")).toBeInTheDocument();
    const next = api.calls("/api/profile/loops").find((call) => call.url.searchParams.has("after"))!;
    expect(next.url.searchParams.get("after")).toBe("cursor-1");
    expect(next.url.searchParams.get("sort")).toBe("recent");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("Edit saves only the changed title and price in one PATCH and shows the new values", async () => {
    let current = DRUMS;
    const { api, user } = setup([], {
      "/api/profile/loops": () => json(myLoopsPage([current])),
      [`PATCH /api/loops/${DRUMS.id}`]: ({ body }) => {
        const changes = body as { title: string; price: string };
        current = { ...current, title: changes.title, price: changes.price };
        return json(current);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Dusty Drums" }));
    const dialog = await screen.findByRole("dialog", { name: /Edit Dusty Drums/ });
    expect(within(dialog).getByText("A new price applies to purchases from now on; open offers keep their amounts.")).toBeInTheDocument();
    const save = within(dialog).getByRole("button", { name: "Save changes" });
    expect(save).toBeDisabled();

    const title = within(dialog).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Dustier Drums");
    const price = within(dialog).getByLabelText("Price (USD)");
    await user.clear(price);
    await user.type(price, "6.00");
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.bodies(`PATCH /api/loops/${DRUMS.id}`)).toEqual([{ title: "Dustier Drums", price: "6.00" }]);
    const edited = await screen.findByRole("row", { name: /Dustier Drums/ });
    expect(edited).toHaveTextContent("$6.00");
    expect(await screen.findByText("Loop updated")).toBeInTheDocument();
  });

  it("shows a refusal under the field it is about, and another one above the buttons", async () => {
    let answer = UPLOAD_MESSAGES.price as string;
    const { api, user } = setup([DRUMS], { [`PATCH /api/loops/${DRUMS.id}`]: () => json({ message: answer }, 400) });
    await user.click(await screen.findByRole("button", { name: "Edit Dusty Drums" }));
    const dialog = await screen.findByRole("dialog", { name: /Edit Dusty Drums/ });
    const price = within(dialog).getByLabelText("Price (USD)");
    await user.clear(price);
    await user.type(price, "99999999999");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    const message = await within(dialog).findByText(UPLOAD_MESSAGES.price);
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveAttribute("aria-describedby", message.id);
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(api.bodies(`PATCH /api/loops/${DRUMS.id}`)).toEqual([{ price: "99999999999" }]);

    answer = "Not Your Loop: Only its creator can change this loop.";
    await user.type(price, "9");
    expect(within(dialog).queryByText(UPLOAD_MESSAGES.price)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only its creator can change this loop.");
  });

  it("shows the detected key, marks the creator's own as 'set by creator', and clears it back to the detected one", async () => {
    const keyed = { ...DRUMS, key: "C major", detectedKey: "A minor", bpm: 92, detectedBpm: 92 };
    const { api, user } = setup([keyed], { [`PATCH /api/loops/${DRUMS.id}`]: () => json({ ...keyed, key: null }) });
    await user.click(await screen.findByRole("button", { name: "Edit Dusty Drums" }));
    const dialog = await screen.findByRole("dialog", { name: /Edit Dusty Drums/ });
    expect(within(dialog).getByText("Detected: A minor")).toBeInTheDocument();
    expect(within(dialog).getByText("Detected: 92 BPM")).toBeInTheDocument();
    // The BPM is the detected one: only the key is the creator's.
    expect(within(dialog).getAllByText("set by creator")).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Use detected" }));
    expect(within(dialog).queryByText("set by creator")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(api.bodies(`PATCH /api/loops/${DRUMS.id}`)).toEqual([{ key: null }]));
  });

  it("shows the track fields for a track only, and the visibility choices", async () => {
    const { api, user } = setup([DRUMS], { [`PATCH /api/loops/${DRUMS.id}`]: () => json(DRUMS) });
    await user.click(await screen.findByRole("button", { name: "Edit Dusty Drums" }));
    const dialog = await screen.findByRole("dialog", { name: /Edit Dusty Drums/ });
    expect(within(dialog).queryByLabelText("Artist name")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: "Track" }));
    await user.type(within(dialog).getByLabelText("Artist name"), "Mia");
    expect(within(dialog).getByRole("radio", { name: /Unlisted.*Anyone with the link/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: /Private.*Only you/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(api.bodies(`PATCH /api/loops/${DRUMS.id}`)).toEqual([{ contentType: "track", artistName: "Mia", visibility: "private" }]),
    );
  });

  it("the History tab lists the loop's changes, prices in dollars", async () => {
    const { user } = setup([DRUMS], {
      [`/api/loops/${DRUMS.id}/history`]: () =>
        json({
          changes: [
            {
              field: "price",
              from: "4.99",
              to: "6",
              changedAt: "2026-03-05T15:07:00.000Z",
              by: { id: "5b0e6f0a-0000-4000-8000-000000000001", username: "beatmaker" },
            },
            {
              field: "visibility",
              from: "public",
              to: "unlisted",
              changedAt: "2026-03-04T11:00:00.000Z",
              by: { id: "5b0e6f0a-0000-4000-8000-000000000001", username: "beatmaker" },
            },
          ],
        }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit Dusty Drums" }));
    const dialog = await screen.findByRole("dialog", { name: /Edit Dusty Drums/ });
    await user.click(within(dialog).getByRole("tab", { name: "History" }));
    const changes = await within(dialog).findAllByRole("listitem");
    expect(changes[0]).toHaveTextContent("Price$4.99to$6.00");
    expect(changes[0]).toHaveTextContent("by beatmaker");
    expect(changes[1]).toHaveTextContent("VisibilityPublictoUnlisted");
  });

  it("bulk take down asks first, then posts the selected loops and tells what was refused", async () => {
    const { api, user } = setup([DRUMS, PADS, BROKEN], {
      "POST /api/loops/bulk": () =>
        json({
          results: [
            { id: DRUMS.id, ok: true, message: null },
            { id: BROKEN.id, ok: false, message: "Not Your Loop: Only its creator can change this loop." },
          ],
        }),
    });
    await screen.findByRole("row", { name: /Dusty Drums/ });
    const toolbar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(within(toolbar).getByRole("button", { name: "Take down" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select Dusty Drums" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Broken Upload" }));
    expect(screen.getByRole("checkbox", { name: "Select all loaded loops" })).toHaveProperty("indeterminate", true);
    expect(toolbar).toHaveTextContent("2 selected");
    await user.click(within(toolbar).getByRole("button", { name: "Take down" }));

    const dialog = await screen.findByRole("dialog", { name: "Take down 2 loops?" });
    expect(dialog).toHaveTextContent("They leave the catalog, search and profiles. Buyers keep them in their libraries.");
    expect(api.calls("POST /api/loops/bulk")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Take down" }));

    expect(await screen.findByText("1 of 2 loops taken down")).toBeInTheDocument();
    expect(screen.getByText("Refused: Broken Upload (Not Your Loop: Only its creator can change this loop.)")).toBeInTheDocument();
    expect(api.bodies("POST /api/loops/bulk")).toEqual([{ loopIds: [DRUMS.id, BROKEN.id], action: "take_down" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("select all, then Make unlisted posts every loaded loop at once", async () => {
    const { api, user } = setup([DRUMS, PADS], {
      "POST /api/loops/bulk": ({ body }) =>
        json({ results: (body as { loopIds: string[] }).loopIds.map((id) => ({ id, ok: true, message: null })) }),
    });
    await screen.findByRole("row", { name: /Dusty Drums/ });
    await user.click(screen.getByRole("checkbox", { name: "Select all loaded loops" }));
    await user.click(screen.getByRole("button", { name: "Make unlisted" }));
    expect(await screen.findByText("2 loops made unlisted")).toBeInTheDocument();
    expect(api.bodies("POST /api/loops/bulk")).toEqual([{ loopIds: [DRUMS.id, PADS.id], action: "make_unlisted" }]);
  });

  it("Take down on a row asks first, then deletes that loop", async () => {
    const { api, user } = setup([DRUMS], { [`DELETE /api/loops/${DRUMS.id}`]: () => new Response(null, { status: 204 }) });
    await user.click(await screen.findByRole("button", { name: "Take down Dusty Drums" }));
    const dialog = await screen.findByRole("dialog", { name: "Take down 1 loop?" });
    expect(api.calls(`DELETE /api/loops/${DRUMS.id}`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Take down" }));
    expect(await screen.findByText("Loop taken down")).toBeInTheDocument();
    expect(api.calls(`DELETE /api/loops/${DRUMS.id}`)).toHaveLength(1);
  });

  it("Retry on a failed upload posts the retry", async () => {
    const { api, user } = setup([BROKEN], {
      [`POST /api/loops/${BROKEN.id}/retry`]: () => json({ ...BROKEN, status: "processing", failureReason: null }),
    });
    await user.click(await screen.findByRole("button", { name: "Retry Broken Upload" }));
    expect(await screen.findByText("Processing again")).toBeInTheDocument();
    expect(api.calls(`POST /api/loops/${BROKEN.id}/retry`)).toHaveLength(1);
  });

  it("says so when there is nothing yet", async () => {
    setup([]);
    expect(await screen.findByText("Nothing uploaded yet.")).toBeInTheDocument();
  });
});
