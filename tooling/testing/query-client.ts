/**
 * Test helper: the provider the shell gives every page (issue 33 item 3), with a new cache for each
 * rendered tree so no answer leaks from one test into the next.
 */
import { createElement, useState, type ReactNode } from 'react';
import { createQueryClient, fillPageQueries, QueryClientProvider } from 'shared-kernel';

export function QueryWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return createElement(QueryClientProvider, { client }, children);
}

/**
 * The provider as the shell gives it on a server-rendered page: its cache starts with the page's
 * data (answers keyed by API path, as the server writes them into the HTML).
 */
export function pageDataWrapper(data: Record<string, unknown>) {
  return function PageDataWrapper({ children }: { children: ReactNode }) {
    const [client] = useState(() => {
      const filled = createQueryClient();
      fillPageQueries(filled, data);
      return filled;
    });
    return createElement(QueryClientProvider, { client }, children);
  };
}
