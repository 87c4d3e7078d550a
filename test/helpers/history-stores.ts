// History stores a test file opens, each closed after its test by closeStores (call it in afterEach,
// before the test's files go: a store's worker may still be writing).
import { HistoryStore } from '../../electron/host/history/store.js';

const open: HistoryStore[] = [];

export function openStore(dir: string): HistoryStore {
  const store = new HistoryStore({ dir });
  open.push(store);
  return store;
}

export async function closeStores(): Promise<void> {
  for (const store of open.splice(0)) await store.close();
}
