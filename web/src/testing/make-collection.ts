/** A collection for tests (private, empty, owned by "viewer-1" unless given): every feature's tests use it. */
import type { Collection, CollectionPage } from "@loop/rules/schemas/collections";
import type { PublicLoop } from "@loop/rules/schemas/loops";

let counter = 0;

export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  counter += 1;
  return {
    id: overrides.id ?? `c0000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    name: `Crate ${counter}`,
    description: "",
    isPublic: false,
    loopCount: 0,
    owner: { id: "viewer-1", username: "beatmaker", firstName: null },
    isOwn: true,
    containsLoop: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

/** GET /api/collections/:id: the collection with a page of its loops. */
export function collectionPage(collection: Collection, loops: PublicLoop[], total = loops.length): CollectionPage {
  return { collection, loops, total };
}
