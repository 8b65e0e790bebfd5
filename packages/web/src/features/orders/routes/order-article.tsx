import { type ArticleSummary, orderArticleHref, orderWriteToUsHref } from '@selfserve/contract';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ArticleView } from '../../../components/article/article-view';
import { OrderHelpContext } from '../../../components/order-context';
import { RequireUser } from '../../../components/require-user';
import { rememberMarketplaceOrder } from '../../../lib/orders/marketplace-redirect';
import '../../../components/kb.css';

/**
 * /orders/{kind}/{orderId}/dreport/{articleId} (ours): an article under the order's card. Its sub-topics and related
 * topics stay about the order, and Write to us opens the order's issue form, whose ticket goes to the marketplace
 * createTicket of the order's kind with the order id (docs/tickets.md).
 */
export function OrderArticlePage() {
  const { kind = '', orderId = '', articleId = '' } = useParams();
  // Remembered even for a visitor sent home to sign in: sign-in comes back here (docs/bookings.md).
  useEffect(() => rememberMarketplaceOrder(kind, orderId), [kind, orderId]);
  const inOrder = (node: ArticleSummary) => orderArticleHref(kind, orderId, node.id);
  return (
    <RequireUser>
      <OrderHelpContext key={`${kind}/${orderId}`} kind={kind} orderId={orderId}>
        {(order) => (
          <ArticleView
            key={articleId}
            id={articleId}
            hrefFor={inOrder}
            relatedHref={inOrder}
            writeToUsHref={orderWriteToUsHref(articleId, order)}
          />
        )}
      </OrderHelpContext>
    </RequireUser>
  );
}
