/**
 * The number of matches of a paged query that counts them beside its rows (`COUNT(*) OVER ()` AS "total"):
 * read from the page's first row; a page past the last match has no row to read it from, so `countAll`
 * counts the matches alone (its one row's `n`).
 */
export async function windowedTotal(
  rows: readonly { total?: bigint }[],
  offset: number,
  countAll: () => Promise<readonly { n: bigint }[]>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total);
  if (offset === 0) return 0;
  return Number((await countAll())[0]?.n ?? 0n);
}
