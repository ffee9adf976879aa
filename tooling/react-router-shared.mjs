/**
 * The router module every package shares (one instance, one router context). Shared modules are
 * not tree-shaken, and react-router as a whole (data routers, server rendering, RSC) weighs about
 * 60 KB gzip; re-exporting only what the site uses lets webpack drop the rest. Anything imported
 * from 'react-router' or 'react-router-dom' in a package must be listed here: the test
 * tooling/test/react-router-shared.test.cjs checks every import of the sources against this list.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Outlet,
  Link,
  NavLink,
  Navigate,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  generatePath,
  matchPath,
  createSearchParams,
} from 'react-router-esm';
