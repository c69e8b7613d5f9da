import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useAuthToken } from '../lib/auth-token.ts';

type FromState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> } | null;

/** Routes behind sign-in: without a token, go to /login and come back afterwards. */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** /login itself: once a token exists, continue where the user was going (default /). */
export function RequireGuest() {
  const token = useAuthToken();
  const location = useLocation();
  if (token) {
    const from = (location.state as FromState)?.from;
    const target = from ? `${from.pathname}${from.search}${from.hash}` : '/';
    return <Navigate to={target === '/login' ? '/' : target} replace />;
  }
  return <Outlet />;
}
