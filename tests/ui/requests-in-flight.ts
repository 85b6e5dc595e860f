/**
 * The requests msw has started and not finished answering, for a harness's afterEach: a test that
 * ends as its last request starts would otherwise have that request looked up after the next test
 * reset the handlers (and reported there as unhandled).
 */
import type { SetupServer } from 'msw/node';

export function requestsInFlight(server: SetupServer) {
  let count = 0;
  return {
    /** Starts counting (again from none): after `server.listen()`, and after listeners were removed. */
    listen() {
      count = 0;
      server.events.on('request:start', () => {
        count += 1;
      });
      server.events.on('request:end', () => {
        count -= 1;
      });
    },
    /** Waits at least one turn, so a request started in the last tick is seen, and at most 2 s. */
    async settle() {
      let waited = 0;
      do {
        await new Promise((resolve) => setTimeout(resolve, 10));
        waited += 10;
      } while (count > 0 && waited < 2000);
    },
  };
}
