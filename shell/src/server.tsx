/**
 * The shell's server build (issue 17): the same routes and layout as in the browser, for the API to
 * render a public page. Built by `tooling/webpack.cjs` as a CommonJS file whose React, router and
 * shared-kernel are the API's own (externals), so the remotes' server builds share them.
 */
import { StrictMode, useState } from 'react';
import { StaticRouter } from 'react-router';
import { createQueryClient, fillPageQueries, QueryClientProvider, ServerModulesContext, type ServerModules } from 'shared-kernel';
import { AppRoutes } from './app/App';

/**
 * One query client per render, filled with the page's data (`data`: answers keyed by API path, the
 * ones written into the HTML for the browser's cache): no answer is shared between two pages.
 */
export function ServerApp({ url, modules, data }: { url: string; modules: ServerModules; data?: Record<string, unknown> }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    fillPageQueries(client, data);
    return client;
  });
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerModulesContext.Provider value={modules}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </ServerModulesContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
}
