/**
 * Musical keys as the catalog filters them (issue 36): "A minor", "F# major"… (MUSICAL_KEY of
 * schemas/loops.ts). A key is found under every spelling of its tonic ("Eb minor" is "D# minor":
 * the upload form offers flats, the key detection names sharps), and on request with its relative
 * major or minor (A minor and C major share their notes: a producer looking for one can use both).
 * Zod-free: the catalog's filters (web) and its query (API) import it.
 */

export type KeyMode = "major" | "minor";

/** The tonics offered by the pages' key pickers, one spelling per pitch class (the upload form's). */
export const KEY_TONICS = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"] as const;
export const KEY_MODES: readonly KeyMode[] = ["major", "minor"];

const LETTER_PITCH: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const KEY = /^([A-G])([#b]?) (major|minor)$/;

/** Every tonic spelling the stored keys may use ([A-G] with at most one sharp or flat), by pitch class. */
const SPELLINGS: string[][] = Array.from({ length: 12 }, () => []);
for (const letter of "CDEFGAB") {
  for (const [accidental, shift] of [
    ["", 0],
    ["#", 1],
    ["b", -1],
  ] as const) {
    SPELLINGS[(LETTER_PITCH[letter]! + shift + 12) % 12]!.push(`${letter}${accidental}`);
  }
}

function parseKey(key: string): { pitch: number; mode: KeyMode } | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const shift = match[2] === "#" ? 1 : match[2] === "b" ? -1 : 0;
  return { pitch: (LETTER_PITCH[match[1]!]! + shift + 12) % 12, mode: match[3] as KeyMode };
}

/** A minor's relative is C major (three semitones up), C major's is A minor; null for a text that is no key. */
export function relativeKey(key: string): string | null {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const pitch = (parsed.pitch + (parsed.mode === "minor" ? 3 : 9)) % 12;
  return `${KEY_TONICS[pitch]} ${parsed.mode === "minor" ? "major" : "minor"}`;
}

/**
 * The stored keys that match a key filter: every spelling of `key` ("D# minor", "Eb minor"), and
 * with `relative` every spelling of its relative key too. Empty for a text that is no key.
 */
export function keysMatching(key: string, relative = false): string[] {
  const parsed = parseKey(key);
  if (!parsed) return [];
  const spell = (pitch: number, mode: KeyMode) => SPELLINGS[pitch]!.map((tonic) => `${tonic} ${mode}`);
  const keys = spell(parsed.pitch, parsed.mode);
  if (relative) {
    const other = parseKey(relativeKey(key)!)!;
    keys.push(...spell(other.pitch, other.mode));
  }
  return keys.sort();
}

/**
 * A key's matches split in two (a loop page's "Similar loops" ranks the same key before the
 * relative one): `same`, every spelling of the key; `relative`, every spelling of its relative
 * major or minor. Null for a text that is no key.
 */
export function relatedKeys(key: string): { same: string[]; relative: string[] } | null {
  const relative = relativeKey(key);
  if (relative === null) return null;
  return { same: keysMatching(key), relative: keysMatching(relative) };
}
