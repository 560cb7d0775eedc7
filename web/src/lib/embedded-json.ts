/**
 * The JSON a page's HTML carries for the app to start from (`<script id=… type="application/json">`,
 * rules/src/page-data.ts), parsed once per element. `isValid` says whether the parsed value is what
 * the element should hold; anything else (not JSON, another shape) reads as null.
 */
const parsedByElement = new WeakMap<Element, unknown>();

export function embeddedJson<T>(element: Element, isValid: (value: unknown) => boolean): T | null {
  if (parsedByElement.has(element)) return parsedByElement.get(element) as T | null;
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? "");
  } catch {
    value = null;
  }
  const parsed = isValid(value) ? (value as T) : null;
  parsedByElement.set(element, parsed);
  return parsed;
}
