import { routes } from '@selfserve/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { Loader } from './loader';

/**
 * Booking and order pages need a signed-in user with an e-mail (spec §5, §6); anyone else goes to /home.
 * Until the session has answered nothing is decided, so a signed-in user never flashes through home.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  if (status === 'loading') return <Loader fullPage />;
  if (!user?.email) return <Navigate to={routes.home} replace />;
  return children;
}
