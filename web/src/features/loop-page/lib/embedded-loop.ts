/**
 * The loop a loop page's HTML carries (issue 36): the server writes GET /api/loops/:id's answer for a
 * signed-out visitor into `<script id="loop-data" type="application/json">`, so the page shows the
 * loop without asking for it again. Read once: the element is removed at the first read, whatever
 * it held, so a later visit to the page (or another loop's) never starts from it.
 */
import { LOOP_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { embeddedJson } from "@/lib/embedded-json";

/** The loops read from the HTML: a signed-out visitor's copy, without a member's own fields. */
const fromHtml = new WeakSet<PublicLoop>();

/** The element's loop, parsed once (null: not a loop). */
const embeddedLoop = (element: Element) =>
  embeddedJson<PublicLoop>(element, (loop) => typeof loop === "object" && loop !== null && "id" in loop && typeof loop.id === "string");

const sameLoop = (loop: PublicLoop | null, loopId: string) => loop !== null && loop.id.toLowerCase() === loopId.toLowerCase();

/**
 * The embedded loop for `loopId`, left in place: the page's loading state shows its title before
 * the page's code arrives (app/routes/loop-loading.tsx); the page then takes the same object.
 */
export function peekEmbeddedLoop(loopId: string, doc: Document = document): PublicLoop | undefined {
  const element = doc.getElementById(LOOP_DATA_ELEMENT_ID);
  if (!element) return undefined;
  const loop = embeddedLoop(element);
  return sameLoop(loop, loopId) ? (loop ?? undefined) : undefined;
}

/** The embedded loop when the HTML has one for `loopId` (removing the element either way); undefined otherwise. */
export function takeEmbeddedLoop(loopId: string, doc: Document = document): PublicLoop | undefined {
  const element = doc.getElementById(LOOP_DATA_ELEMENT_ID);
  if (!element) return undefined;
  const loop = embeddedLoop(element);
  element.remove();
  if (!loop || !sameLoop(loop, loopId)) return undefined;
  fromHtml.add(loop);
  return loop;
}

/** The loop object came from the HTML (a signed-out visitor's copy): a signed-in member asks for their own. */
export function isEmbeddedLoop(loop: PublicLoop): boolean {
  return fromHtml.has(loop);
}
