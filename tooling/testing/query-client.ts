/**
 * Test helper: the provider the shell gives every page (issue 33 item 3), with a new cache for each
 * rendered tree so no answer leaks from one test into the next.
 */
import { createElement, useState, type ReactNode } from 'react';
import { createQueryClient, QueryClientProvider } from 'shared-kernel';

export function QueryWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return createElement(QueryClientProvider, { client }, children);
}
