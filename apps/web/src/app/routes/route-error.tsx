import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

/** The fallback when a screen throws while rendering: Try Again renders the route again. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return <ErrorScreen error={error} onRetry={() => void navigate(location, { replace: true })} />;
}
