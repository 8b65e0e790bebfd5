import { type ArticleSummary, orderArticleHref, orderMetaSegment } from '@selfserve/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/article-not-found';
import { CategoryBrowser } from '../../../components/category-browser';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { OrderCard } from '../../../components/order-card';
import { RequireUser } from '../../../components/require-user';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useVisibleCategories } from '../../../lib/kb/use-kb-viewer';
import { rememberMarketplaceOrder } from '../../../lib/orders/marketplace-redirect';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/kb.css';
import '../../../components/bookings.css';
import { useOrderMeta } from '../../../lib/orders/get-order-meta';

function OrderHelp({ kind, orderId }: { kind: string; orderId: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  const segment = orderMetaSegment(kind);
  const meta = useOrderMeta(user?.id, segment, orderId);
  const { categories, ready } = useVisibleCategories(meta.data?.data);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = categories.find((c) => c.id === chosen)?.id ?? categories[0]?.id ?? '';
  const order = meta.data?.order;
  const missing = !segment || (meta.error instanceof ApiError && meta.error.status === 404) || (meta.data && !order);
  useDocumentTitle(order ? t('chooseAnIssue') : missing ? t('NOT_FOUND') : '');

  if (missing) {
    const message = meta.error instanceof ApiError ? meta.error.text : t('NOT_FOUND');
    return <NotFound title={message} />;
  }
  if (meta.isError) return <ErrorState error={meta.error} onRetry={() => void meta.refetch()} />;
  if (!order || !ready) return <Loader fullPage />;

  return (
    <div className="page booking-help" data-testid="order-help">
      <h1>{t('chooseAnIssue')}</h1>
      <section className="booking-help__booking" aria-label={t('orders.title')}>
        <OrderCard order={order} headingLevel={2} />
      </section>
      <CategoryBrowser
        categories={categories}
        selectedId={selectedId}
        onSelect={(category) => setChosen(category.id)}
        childHref={(node: ArticleSummary) => orderArticleHref(kind, orderId, node.id)}
      />
    </div>
  );
}

/** /orders/{kind}/{orderId}: an order's card and the help categories of its kind (signed-in users only). */
export function OrderHelpPage() {
  const { kind = '', orderId = '' } = useParams();
  // Remembered even for a visitor sent home to sign in: sign-in comes back here (docs/bookings.md).
  useEffect(() => rememberMarketplaceOrder(kind, orderId), [kind, orderId]);
  return (
    <RequireUser>
      <OrderHelp key={`${kind}/${orderId}`} kind={kind} orderId={orderId} />
    </RequireUser>
  );
}
