/**
 * Skip link, header, the reminder of an unverified address, the page (`<main id="contenu">`) and
 * footer around every route, and the messaging notifier for a signed-in user (HeaderSlots).
 */
import type { MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { useFinishSignOut, useSessionCommands } from '../session/session';
import { Footer } from './Footer';
import { Header } from './Header';
import { SignedInLayoutSlot } from './HeaderSlots';
import { EmailVerificationBanner } from '../verification/EmailVerificationBanner';

export const MAIN_ID = 'contenu';

function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

export function Layout() {
  useFinishSignOut();
  useSessionCommands();
  return (
    <div className="sh-app">
      <a className="sh-skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
        Aller au contenu
      </a>
      <Header />
      <EmailVerificationBanner />
      <main id={MAIN_ID} className="sh-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <SignedInLayoutSlot />
    </div>
  );
}
