import { type DeepLinkQuery, deepLinkTarget } from '@selfserve/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { useProfileStatus } from '../api/get-profile-status';

export function deepLinkQueryOf(params: URLSearchParams): DeepLinkQuery {
  return {
    landing_page: params.get('landing_page'),
    bookingType: params.get('bookingType'),
    articleId: params.get('articleId'),
    bid: params.get('bid'),
    type: params.get('type'),
  };
}

/**
 * The deep-link route (spec §2, DEEP_LINK_PATH): reads the query, asks whether the profile can be read
 * (a visitor's 401 is FAILURE), then replaces itself with where the contract's rule says to land, so
 * Back never returns to this hop.
 */
export function DeepLinkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profile = useProfileStatus();
  const status = profile.data;
  const search = params.toString();

  useEffect(() => {
    if (!status) return;
    void navigate(deepLinkTarget(deepLinkQueryOf(new URLSearchParams(search)), status), { replace: true });
  }, [status, search, navigate]);

  return <Loader fullPage />;
}
