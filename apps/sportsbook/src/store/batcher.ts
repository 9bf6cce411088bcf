/**
 * Group commit: `write` takes items in batches, one batch at a time, and answers one result per item, in order.
 * An item handed in while no batch is being written goes at once, alone; items handed in while one is being
 * written wait for it and then go together, in one statement (one round trip, one commit) however many they are.
 * No timer: nothing waits that need not. Each caller gets its own result, or its batch's error.
 */
export const createBatcher = <T, R>(write: (items: T[]) => Promise<R[]>, maxBatch = 200) => {
  const waiting: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  let isWriting = false;

  const writeWaiting = async (): Promise<void> => {
    isWriting = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        const results = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => {
          const result = results[index];
          if (result === undefined) entry.reject(new Error('the batch wrote no result for this item'));
          else entry.resolve(result);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    isWriting = false;
  };

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!isWriting) void writeWaiting();
    });
};
