/**
 * The tests' network: MSW (`msw/node`) intercepts every request the page makes, as a server
 * would see it; nothing replaces `fetch` itself. A test file serves its fake API with `serve`
 * (a function from the Request to the Response); shared/test/setup-dom.ts starts the
 * interceptor once per file and forgets a test's handlers after it. A request no handler
 * answers fails the test that made it.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';

export const network = setupServer();

/** Answers every request of the tests that follow (until the end of the current test) with `answer`. */
export function serve(answer: (request: Request) => Response | Promise<Response>): void {
  network.use(http.all('*', ({ request }) => answer(request)));
}
