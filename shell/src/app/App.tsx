/** The route table (spec section 2, DECISIONS 16 and 20). */
import { useState, type ReactNode } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import {
  createQueryClient,
  fillPageQueries,
  pageDataInPage,
  PUBLIC_PAGES,
  QueryClientProvider,
  RemoteView,
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
        <Route
          path="appartement/:slug/checkout"
          element={
            <RequireUser>
              <Remote module="booking/CheckoutPage" title="Réserver votre séjour" />
            </RequireUser>
          }
        />
        <Route
          path="reservation/:id"
          element={
            <RequireUser>
              <Remote module="account/ReservationPage" title="Détails de la réservation" />
            </RequireUser>
          }
        />
        <Route
          path="profile"
          element={
            <RequireUser>
              <Remote module="account/ProfilePage" title="Mon profil" />
            </RequireUser>
          }
        />
        <Route
          path="messagerie"
          element={
            <RequireUser>
              <Remote module="messaging/MessagingPage" title="Messagerie" />
            </RequireUser>
          }
        />
        <Route
          path="admin"
          element={
            <RequireAdmin>
              <Outlet />
            </RequireAdmin>
          }
        >
          <Route path="add-appartement" element={<Remote module="admin/AddApartmentPage" title="Ajouter un appartement" />} />
          <Route path="reservations" element={<Remote module="admin/ReservationsPage" title="Gestion des Réservations" />} />
          <Route path="client/:userId" element={<Remote module="admin/ClientPage" title="Profil client" />} />
          <Route path="taxe-de-sejour" element={<Remote module="admin/TaxeSejourPage" title="Taxe de séjour" />} />
          <Route path="demandes-proprietaires" element={<Remote module="admin/LeadsPage" title="Demandes propriétaires" />} />
          <Route path="calendrier" element={<Remote module="admin/CalendarPage" title="Calendrier" />} />
          <Route path="remboursements" element={<Remote module="admin/RefundsPage" title="Remboursements à effectuer" />} />
          <Route path="comptabilite" element={<Remote module="admin/ComptabilitePage" title="Comptabilité" />} />
          <Route path="avis" element={<Remote module="admin/ReviewsPage" title="Avis des voyageurs" />} />
          <Route path="planning" element={<Remote module="admin/PlanningPage" title="Planning" />} />
          <Route index element={<Remote module="admin/DashboardPage" title="Tableau de bord" />} />
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
