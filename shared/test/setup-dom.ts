import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { queryClient } from '@canteiro/shared/core/query';
import { network } from './network';

// antd renders slowly under jsdom: give async queries room before they call it a failure.
configure({ asyncUtilTimeout: 5000 });

// MSW answers the page's requests (shared/test/network.ts); an unanswered one is an error.
beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

// The core's one query client outlives a test: each test starts with an empty cache, as a page does.
afterEach(() => queryClient.clear());
