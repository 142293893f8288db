import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './support/apiServer';

// The unit files run side by side on a two-core CI machine; a screen that answers in 1.2 s there is not
// broken, so the find* queries wait up to 5 s (a missing element still fails, only later).
configure({ asyncUtilTimeout: 5000 });

// Every request a component makes is answered at the network layer by msw; an unhandled one fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  apiServer.resetHandlers();
  cleanup();
});
afterAll(() => apiServer.close());
