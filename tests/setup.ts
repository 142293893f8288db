import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './support/apiServer';

// Every request a component makes is answered at the network layer by msw; an unhandled one fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  apiServer.resetHandlers();
  cleanup();
});
afterAll(() => apiServer.close());
