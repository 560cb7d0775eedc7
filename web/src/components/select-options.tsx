import type { Genre } from "@loop/rules/schemas/api-responses";
import { KEY_MODES, KEY_TONICS } from "@loop/rules/musical-keys";

/** Every key a loop can have, "C major" to "B minor". */
const MUSICAL_KEYS = KEY_TONICS.flatMap((tonic) => KEY_MODES.map((mode) => `${tonic} ${mode}`));

/** A native select's options, one per text (its value and its label). */
function TextOptions({ texts }: { texts: readonly string[] }) {
  return texts.map((text) => (
    <option key={text} value={text}>
      {text}
    </option>
  ));
}

/**
 * A key select's options: every key, and first `current` when it is none of them (a key saved in
 * another spelling stays as it is until changed).
 */
export function MusicalKeyOptions({ current }: { current?: string | null }) {
  return <TextOptions texts={current && !MUSICAL_KEYS.includes(current) ? [current, ...MUSICAL_KEYS] : MUSICAL_KEYS} />;
}

/** A genre select's options: each genre's name, its id as the value. */
export function GenreOptions({ genres }: { genres: readonly Genre[] }) {
  return genres.map((genre) => (
    <option key={genre.id} value={String(genre.id)}>
      {genre.name}
    </option>
  ));
}
