/** Several texts an element shows, checked at once (tests only). */
import { expect } from "vitest";

/** `element`'s text holds each of `texts` (in any order, each anywhere); a missing element fails. */
export function expectTexts(element: Element | null | undefined, texts: readonly (string | RegExp)[]): void {
  for (const text of texts) expect(element).toHaveTextContent(text);
}
