/** Zod-free: a loop's page prints the terms in brief and loads no schema (schemas/licences.ts names them too). */

/**
 * The terms in brief, as the verification page and the PDF print them (the full text: docs/licence.md,
 * version LICENCE_VERSION). Changing their meaning means a new version.
 */
export const LICENCE_TERMS = [
  "Royalty-free: use the loop in your own musical productions (songs, beats, soundtracks, videos, games) without further payment.",
  "Commercial release is allowed: sell, stream, broadcast and perform the productions that contain the loop.",
  "No resale or redistribution of the loop as a sample: not on its own, not in a sample pack or library, not as a modified loop.",
  "The licence is non-exclusive and personal to the buyer: the creator keeps the copyright and may license the loop to others.",
  "A refunded or reversed purchase revokes the licence from that date: it then covers no new use of the loop.",
] as const;
