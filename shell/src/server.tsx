/**
 * The shell's server build (issue 17): the same routes and layout as in the browser, for the API to
 * render a public page. Built by `tooling/webpack.cjs` as a CommonJS file whose React, router and
 * shared-kernel are the API's own (externals), so the remotes' server builds share them.
 */
import { StrictMode, useState } from 'react';
import { StaticRouter } from 'react-router';
import { createQueryClient, QueryClientProvider, ServerModulesContext, type ServerModules } from 'shared-kernel';
import { AppRoutes } from './app/App';

/** One query client per render: no answer is shared between two visitors' pages. */
export function ServerApp({ url, modules }: { url: string; modules: ServerModules }) {
  const [queryClient] = useState(createQueryClient);
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
