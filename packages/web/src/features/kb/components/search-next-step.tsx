import { articleIndexes, writeToUsArticleFor, writeToUsHref } from '@selfserve/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { ContactLinks } from '../../../components/contact-links';
import { useI18n } from '../../../lib/i18n';
import { articleHref } from '../../../lib/kb/paths';
import { usePopularArticles } from '../../../lib/kb/popular-articles';
import { useSession } from '../../../lib/session';

/**
 * What a search with no result offers next (issue 14): the popular articles of the viewer's index and the ways to
 * contact support that exist for them — Call us and Write to us (the index's write-to-us article), each while its
 * master switch is on (spec §6), as under an article.
 */
export function SearchNextStep() {
  const { t } = useI18n();
  const popularId = useId();
  const contactId = useId();
  const { user, switches } = useSession();
  const popular = usePopularArticles(true);
  const [index = 'customer'] = articleIndexes({
    role: user?.role ?? 'customer',
    country: user?.country_code,
    locale: user?.locale,
  });
  const writeToUs = switches.write_to_us ? writeToUsArticleFor(index) : null;
  const articles = popular.data ?? [];
  return (
    <div className="kb-next-step" data-testid="search-next-step">
      {articles.length > 0 ? (
        <section aria-labelledby={popularId} data-testid="search-popular">
          <h2 id={popularId}>{t('searchHelp.popularHeading')}</h2>
          <p>{t('searchHelp.tryOtherWords')}</p>
          <ul className="kb-results">
            {articles.map((a) => (
              <li key={a.id} className="kb-results__item">
                <Link to={articleHref(a.id)} className="kb-results__title">
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {switches.call_us || writeToUs ? (
        <section aria-labelledby={contactId} className="kb-article__footer" data-testid="search-contact">
          <h2 id={contactId}>{t('searchHelp.contactHeading')}</h2>
          <ContactLinks callUs={switches.call_us} writeToUsHref={writeToUs ? writeToUsHref(writeToUs) : null} />
        </section>
      ) : null}
    </div>
  );
}
