import { entryModeHome } from '@selfserve/contract';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** `/` is the home of the visit's entry mode (issue 14; contract entryModeHome), the query kept (?entry_mode=, ?lang=). */
export function RootRedirect() {
  const { entryMode } = useSession();
  const { search, hash } = useLocation();
  return <Navigate to={`${entryModeHome(entryMode)}${search}${hash}`} replace />;
}
