// Deleting a backlog (retention) a batch at a time.

/**
 * Calls `deleteBatch` (one DELETE statement of at most `batch` rows) again until a call deletes
 * fewer; answers how many rows the calls deleted in all. Each batch is a statement of its own,
 * outside any transaction, so a large backlog never holds one long transaction or its locks.
 */
export async function deleteInBatches(
  batch: number,
  deleteBatch: () => Promise<{ rowCount: number }>,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await deleteBatch();
    deleted += rowCount;
    if (rowCount < batch) return deleted;
  }
}
