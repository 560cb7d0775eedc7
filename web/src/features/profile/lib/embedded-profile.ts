/**
 * The card a profile page's HTML carries (PROFILE_DATA_ELEMENT_ID): the server writes the profile's
 * `user` and `totalLoops` as GET /api/users/:id/profile answers a visitor, so the page's loading
 * state shows the card (its bio is a phone's largest paint) before any answer has come. Read, never
 * trusted beyond that: the page shows its own answer as soon as it comes.
 */
import { PROFILE_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import type { PublicProfile } from "@loop/rules/schemas/profile";
import { embeddedJson } from "@/lib/embedded-json";

export type ProfileCard = Pick<PublicProfile, "user" | "totalLoops">;

/** The element's card, parsed once (null: not a card). */
const cardOf = (element: Element) =>
  embeddedJson<ProfileCard>(
    element,
    (card) =>
      typeof card === "object" &&
      card !== null &&
      "user" in card &&
      typeof card.user === "object" &&
      card.user !== null &&
      "id" in card.user &&
      typeof card.user.id === "string" &&
      "totalLoops" in card &&
      typeof card.totalLoops === "number",
  );

/** The card the HTML carries for `userId`, left in place; undefined when it carries none for them. */
export function embeddedProfileCard(userId: string, doc: Document = document): ProfileCard | undefined {
  const element = doc.getElementById(PROFILE_DATA_ELEMENT_ID);
  if (!element) return undefined;
  const card = cardOf(element);
  return card !== null && card.user.id.toLowerCase() === userId.toLowerCase() ? card : undefined;
}
