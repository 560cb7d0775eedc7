/** A library entry for tests: a $10.20 card purchase of "Deep Night" (MP3) by "beatsmith", listed, downloadable. */
import type { LibraryEntry } from "@loop/rules/schemas/library";

let counter = 0;

type Overrides = Omit<Partial<LibraryEntry>, "loop" | "seller" | "licence"> & {
  loop?: Partial<LibraryEntry["loop"]>;
  seller?: Partial<LibraryEntry["seller"]>;
  licence?: Partial<LibraryEntry["licence"]>;
};

export function makeLibraryEntry({ loop, seller, licence, ...overrides }: Overrides = {}): LibraryEntry {
  counter += 1;
  const id = overrides.id ?? `8a1c0000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  const loopId = loop?.id ?? "7c000000-0000-4000-8000-000000000001";
  return {
    id,
    kind: "purchase",
    acquiredAt: "2026-11-25T10:00:00.000Z",
    format: "mp3",
    method: "card",
    price: "10.00",
    fee: "0.20",
    total: "10.20",
    loopAmount: null,
    purchaseId: "9b000000-0000-4000-8000-000000000001",
    refund: null,
    canDownload: true,
    ...overrides,
    licence: { id, status: "valid", url: `/licences/${id}`, ...licence },
    loop: {
      id: loopId,
      title: "Deep Night",
      titleAtPurchase: loop?.title ?? "Deep Night",
      listed: true,
      duration: 12,
      audioFileUrl: `/api/loops/${loopId}/preview`,
      peaksUrl: `/api/loops/${loopId}/peaks`,
      ...loop,
    },
    seller: { id: "5e000000-0000-4000-8000-000000000001", username: "beatsmith", name: null, ...seller },
  };
}

/** A page of GET /api/library. */
export function libraryPage(entries: LibraryEntry[], nextCursor: string | null = null) {
  return { entries, nextCursor };
}
