// One page of a list, newest first: Prisma's ordering and paging arguments.

/**
 * `findMany` arguments for rows `offset` to `offset + limit` newest first; ties (one transaction's rows
 * share created_at) by id, so that pages are stable and never overlap.
 */
export function newestFirst(limit: number, offset = 0) {
  return {
    orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
    take: limit,
    skip: offset,
  };
}
