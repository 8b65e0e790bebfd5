import { routes } from '@selfserve/contract';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { Loader } from '../../../components/loader';
import '../../../components/kb.css';
import { kbSelectionStore } from '../../../lib/kb/kb-selection';

/** /section and /section/driver_default: the sections of the selected category, else home (spec §2). */
export function SectionPage() {
  const [id] = useState(() => kbSelectionStore.get().categoryId);
  if (!id) return <Navigate to={routes.home} replace />;
  return <ArticleView id={id} />;
}

/**
 * /section/{id}: that section (or category) by its id, whatever was selected before — the form links use, so a
 * section page can be shared and bookmarked (issue 14). An unknown id shows 'Article not found.' like any node.
 */
export function SectionByIdPage() {
  const { sectionId = '' } = useParams();
  return <ArticleView key={sectionId} id={sectionId} />;
}

/** /subsection: the last selected section, else the user's bookings (/main, spec §2). */
export function SubsectionPage() {
  const [id] = useState(() => kbSelectionStore.get().sectionId);
  if (!id) return <Navigate to={routes.main} replace />;
  return <ArticleView id={id} />;
}

interface LegacyState {
  legacyRedirect?: boolean;
}

/**
 * /{categoryId}/mainsection: the sections of that category. Spec §2 says numeric ids 1 to 9 "redirect
 * to themselves": old links used single-digit category numbers and the old router bounced them back to
 * the same path. Done literally here, as one replace-navigation to the same path (marked in the history
 * state so it happens once), after which the page shows that id like any other.
 */
export function MainSectionPage() {
  const { categoryId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const legacy = /^[1-9]$/.test(categoryId) && !(location.state as LegacyState | null)?.legacyRedirect;

  useEffect(() => {
    if (legacy)
      void navigate(location.pathname, { replace: true, state: { legacyRedirect: true } satisfies LegacyState });
  }, [legacy, location.pathname, navigate]);

  if (legacy) return <Loader fullPage />;
  return <ArticleView key={categoryId} id={categoryId} />;
}
