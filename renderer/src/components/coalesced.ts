// A read many places ask for (each view as it opens, each row, each event): asked while one is under
// way, it runs once more after it, however many asked, so a burst costs two reads and the last one
// starts after the last ask.

/** `read` run now, or once more when the one under way is done. `read` handles its own failure. */
export function coalesced(read: () => Promise<void>): () => void {
  let reading = false;
  let again = false;
  const run = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    void read().finally(() => {
      reading = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}
