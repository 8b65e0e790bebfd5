import { articleIdOf, routes } from '@selfserve/contract';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import '../../../components/kb.css';
import { kbSelectionStore } from '../../../lib/kb/kb-selection';

/**
 * /article/{id}, /article/{id}-{slug} (the readable address the sitemap lists, issue 19) and
 * /article/{id}/{flag}/driver_default (the flag belongs to driver flows that come later).
 */
export function ArticlePage() {
  const { id: segment = '' } = useParams();
  const id = articleIdOf(segment);
  return <ArticleView key={id} id={id} />;
}

/** /article: the last selected article, else home (spec §2). */
export function LastArticlePage() {
  const [id] = useState(() => kbSelectionStore.get().articleId);
  if (!id) return <Navigate to={routes.home} replace />;
  return <ArticleView id={id} />;
}

/** /mainarticle: the last selected article, else the user's bookings (/main, spec §2). */
export function MainArticlePage() {
  const [id] = useState(() => kbSelectionStore.get().articleId);
  if (!id) return <Navigate to={routes.main} replace />;
  return <ArticleView id={id} />;
}
