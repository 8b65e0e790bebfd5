import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { NodeList } from '../../../components/node-list';
import { useI18n } from '../../../lib/i18n';
import { useKbMeta } from '../../../lib/kb/get-kb-meta';
import { useVisibleCategories } from '../../../lib/kb/use-kb-viewer';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverMeta } from '../api/get-driver-meta';
import '../../../components/kb.css';
import { nodeHref } from '../../../lib/kb/paths';

/**
 * /articles: the driver article list. Partners read the driver app's categories (driver_app/meta, which
 * refuses anyone else); everyone else sees their own knowledge base in the same list form.
 */
export function DriverArticlesPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const partner = user?.role === 'driver' || user?.role === 'food_delivery_rider';
  const driverMeta = useDriverMeta(partner);
  const customerMeta = useKbMeta({}, !partner);
  const meta = partner ? driverMeta : customerMeta;
  const { categories, ready } = useVisibleCategories(meta.data?.data);
  useDocumentTitle(t('kb.driverArticlesTitle'));

  return (
    <div className="page kb-articles">
      <h1>{t('kb.driverArticlesTitle')}</h1>
      {meta.isError ? (
        <ErrorState error={meta.error} onRetry={() => void meta.refetch()} />
      ) : !ready ? (
        <Loader />
      ) : categories.length === 0 ? (
        <p>{t('kb.noTopics')}</p>
      ) : (
        categories.map((category) => (
          <section key={category.id} className="kb-articles__group" aria-labelledby={`kb-group-${category.id}`}>
            <h2 id={`kb-group-${category.id}`}>{category.title}</h2>
            <NodeList nodes={category.articles} hrefFor={nodeHref} />
          </section>
        ))
      )}
    </div>
  );
}
