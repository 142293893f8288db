import { setupServer } from 'msw/node';

/** The msw server shared by component tests; each test installs the handlers it needs with `use`. */
export const apiServer = setupServer();
