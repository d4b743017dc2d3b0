/** Runs `work` over `items` with at most `parallel` of them at once; resolves when all are done. */
export async function inBatches<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}
