/**
 * Renders a module exposed by a remote (`<RemoteView module="catalog/HomePage" />`): the shell's
 * pages, and fragments a remote shows from another remote (the booking panel on the apartment page).
 * The module's default export is loaded behind `React.lazy`, inside Suspense and an error boundary:
 * a missing or broken remote only replaces this part of the page — or, when the server rendered it,
 * leaves the server's HTML there under the fallback's message (render-mode.ts).
 */
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { usePageMeta } from '../meta/page-meta.js';
import { Spinner } from '../ui/Spinner.js';
import { loadedRemoteDefault, loadRemoteDefault, prepareRetry } from './registry.js';
import { HydrationContext, ServerModulesContext } from './render-mode.js';
import type { RemoteModuleName, RemoteModules } from './remote-modules.js';

export const REMOTE_UNAVAILABLE = 'Cette partie du site est momentanément indisponible.';
export const RETRY_LABEL = 'Réessayer';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- remote components take whatever props their page defines
type AnyComponent = ComponentType<any>;

/** One lazy component per module, so navigating back to a page does not remount it needlessly. */
const lazyComponents = new Map<string, LazyExoticComponent<AnyComponent>>();

function lazyFor(module: string): LazyExoticComponent<AnyComponent> {
  let component = lazyComponents.get(module);
  if (!component) {
    const ready = loadedRemoteDefault<AnyComponent>(module);
    // Already loaded (the shell loads a server-rendered page's module before hydrating): a thenable
    // that answers at once lets React render it without suspending, so the page hydrates in one pass.
    component = ready
      ? lazy(
          () =>
            ({ then: (resolve: (m: { default: AnyComponent }) => void) => resolve({ default: ready }) }) as unknown as Promise<{
              default: AnyComponent;
            }>,
        )
      : lazy(async () => ({ default: await loadRemoteDefault<AnyComponent>(module) }));
    lazyComponents.set(module, component);
  }
  return component;
}

/** Drops a failed lazy component: the next render (retry or later visit) asks the remote again. */
function forget(module: string): void {
  lazyComponents.delete(module);
}

/** For tests. */
export function resetRemoteViewsForTests(): void {
  lazyComponents.clear();
}

interface BoundaryProps {
  module: string;
  /** The boundary clears a past failure when this changes (the page's path). */
  resetKey: string;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  // React itself reports the caught error (console in development, onCaughtError of the root).
  override componentDidCatch(): void {
    forget(this.props.module);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    // onRetry changes this boundary's key: a fresh boundary and a fresh lazy component take over.
    return this.state.failed ? this.props.fallback(this.props.onRetry) : this.props.children;
  }
}

function Unavailable({ onRetry, title }: { onRetry: () => void; title?: string }) {
  return (
    <div className="sk-unavailable" role="alert">
      {title ? <UnavailableMeta title={title} /> : null}
      <p className="sk-unavailable__text">{REMOTE_UNAVAILABLE}</p>
      <button type="button" className="sk-button sk-button--secondary" onClick={onRetry}>
        {RETRY_LABEL}
      </button>
    </div>
  );
}

function UnavailableMeta({ title }: { title: string }) {
  usePageMeta(title, REMOTE_UNAVAILABLE);
  return null;
}

/**
 * Never settles. A server-rendered boundary that suspends on it while hydrating is left as the
 * server wrote it: React keeps dehydrated HTML in place until the code arrives (issue 29).
 */
const ServerHtmlKept = lazy(() => new Promise<{ default: AnyComponent }>(() => undefined));

/** The fallback's message and 'Réessayer' above a kept page, added once hydrated (the server's HTML has no such node). */
function KeptNotice({ onRetry }: { onRetry: () => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? <Unavailable onRetry={onRetry} /> : null;
}

interface RemoteViewOptions<M extends RemoteModuleName> {
  /** `remote/Expose`, for example `catalog/HomePage` (remote-modules.ts lists them with their props). */
  module: M;
  /**
   * What to show when the remote cannot be loaded. Defaults to the "momentanément indisponible"
   * box with a Réessayer button; a small fragment (header link) passes `null`.
   */
  fallback?: ReactNode;
  /** What to show while loading. Defaults to a spinner, or to `fallback` when one is given. */
  loading?: ReactNode;
  /** Page title used while the default unavailable box is shown (a page sets its own once loaded). */
  title?: string;
}

/** Props given to the remote component: required when its props type has a required member. */
type RemotePropsOf<P> = Record<string, never> extends P ? { props?: P } : { props: P };

export type RemoteViewProps<M extends RemoteModuleName = RemoteModuleName> = RemoteViewOptions<M> & RemotePropsOf<RemoteModules[M]>;

export function RemoteView<M extends RemoteModuleName>(view: RemoteViewProps<M>) {
  const { module, fallback, loading, title } = view;
  const props = (view as { props?: object }).props;
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const onRetry = useCallback(() => {
    forget(module);
    prepareRetry(module);
    setAttempt((n) => n + 1);
  }, [module]);

  const serverModules = useContext(ServerModulesContext);
  const hydration = useContext(HydrationContext);
  // Not rendered by the server: the first client render shows what the server showed (render-mode.ts).
  const [clientOnly, setClientOnly] = useState(() => hydration !== null && !hydration.done && !hydration.modules.has(module));
  useEffect(() => {
    if (clientOnly) setClientOnly(false);
  }, [clientOnly]);

  const hasCustomFallback = fallback !== undefined;
  const renderFallback = (retry: () => void): ReactNode =>
    hasCustomFallback ? fallback : <Unavailable onRetry={retry} {...(title ? { title } : {})} />;
  const loadingView = loading !== undefined ? loading : hasCustomFallback ? fallback : <Spinner />;

  // Rendered by the server, its code failed to load before hydration: the server's HTML stays
  // readable (a page's text, photos and links) rather than be replaced by the fallback. Memoised:
  // a new element would count as an update, and React replaces dehydrated HTML that gets one.
  const kept =
    hydration !== null && !hydration.done && attempt === 0 && pathname === hydration.path && hydration.failed?.has(module) === true;
  const keptView = useMemo(
    () =>
      kept ? (
        <RemoteBoundary key={`${module}#conserve`} module={module} resetKey="" fallback={renderFallback} onRetry={onRetry}>
          <Suspense fallback={loadingView}>
            <ServerHtmlKept />
          </Suspense>
        </RemoteBoundary>
      ) : null,
    [kept, module],
  );
  if (kept) {
    return (
      <>
        {hasCustomFallback ? null : <KeptNotice onRetry={onRetry} />}
        {keptView}
      </>
    );
  }

  let Remote: AnyComponent;
  if (serverModules !== null) {
    const onServer = serverModules.get(module);
    if (!onServer) return <>{loadingView}</>;
    Remote = onServer;
  } else if (clientOnly) {
    return <>{loadingView}</>;
  } else {
    Remote = lazyFor(module);
  }

  return (
    <RemoteBoundary key={`${module}#${attempt}`} module={module} resetKey={pathname} fallback={renderFallback} onRetry={onRetry}>
      <Suspense fallback={loadingView}>
        <Remote {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
