/** The route table (spec section 2, DECISIONS 16 and 20). */
import { useState, type ReactNode } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import {
  createQueryClient,
  fillPageQueries,
  pageDataInPage,
  ADMIN_PAGES,
  PUBLIC_PAGES,
  QueryClientProvider,
  RemoteView,
  SIGNED_IN_PAGES,
  type RemotePageName,
} from 'shared-kernel';
import { Layout } from '../layout/Layout';
import { ForgotPasswordPage } from '../pages/ForgotPasswordPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RegisterPage } from '../pages/RegisterPage';
import { ResetPasswordPage } from '../pages/ResetPasswordPage';
import { VerifyEmailPage } from '../verification/VerifyEmailPage';
import { RequireAdmin, RequireUser } from './guards';

/** A page of a remote; `title` names the page while the remote is unavailable. */
function Remote({ module, title }: { module: RemotePageName; title: string }) {
  return <RemoteView module={module} title={title} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {PUBLIC_PAGES.map((page) =>
          page.path === '/' ? (
            <Route key={page.path} index element={<Remote module={page.module} title={page.title} />} />
          ) : (
            <Route key={page.path} path={page.path.slice(1)} element={<Remote module={page.module} title={page.title} />} />
          ),
        )}
        {SIGNED_IN_PAGES.map(({ path, module, title }) => (
          <Route
            key={path}
            path={path.slice(1)}
            element={
              <RequireUser>
                <Remote module={module} title={title} />
              </RequireUser>
            }
          />
        ))}
        <Route
          path="admin"
          element={
            <RequireAdmin>
              <Outlet />
            </RequireAdmin>
          }
        >
          {ADMIN_PAGES.map(({ path, module, title }) =>
            path === '/admin' ? (
              <Route key={path} index element={<Remote module={module} title={title} />} />
            ) : (
              <Route key={path} path={path.slice('/admin/'.length)} element={<Remote module={module} title={title} />} />
            ),
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="verifier-email/:token" element={<VerifyEmailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * `children`: rendered inside the router, beside the routes (the hydration's bookkeeping). The one
 * query client of the tab: every remote's reads share its cache (issue 33 item 3). It starts with
 * the page's data, as the server's render did: the first render reads it and asks nothing.
 */
export function App({ children }: { children?: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    fillPageQueries(client, pageDataInPage());
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        {children}
      </BrowserRouter>
    </QueryClientProvider>
  );
}
