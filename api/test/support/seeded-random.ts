/**
 * A seeded generator (linear congruential) for the tests that check rollups after a mixed run of
 * events: the same run every time, yet varied.
 */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return { random, pick };
}

/**
 * One sale of a mixed run, picked with `pick` (a buyer, then a loop, then a format), and its key: a buyer
 * owns a loop in a format at most once.
 */
export function pickSale<B extends { id: string }>(pick: <T>(items: readonly T[]) => T, buyers: readonly B[], loops: readonly string[]) {
  const buyer = pick(buyers);
  const loopId = pick(loops);
  const format = pick(["mp3", "wav"] as const);
  return { buyer, loopId, format, key: `${buyer.id}:${loopId}:${format}` };
}
