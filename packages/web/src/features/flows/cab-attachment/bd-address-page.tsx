import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Loader } from '../../../components/loader';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBdAddress } from './api/get-bd-address';
import './cab-attachment.css';

/** The attach-your-car article, where a city is chosen. */
const ATTACH_CAR_ARTICLE = '/dreport/100606';

/**
 * /bd_address?city= (guided-flows.md §2): the chosen city's partner onboarding offices, each address with its
 * operating hours and a map link. Without a city, or one we do not serve, it says so and leads back to the choice.
 */
export function BdAddressPage() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const city = search.get('city');
  const offices = useBdAddress(city);
  const heading = offices.data ? t('bdAddress.heading', { city: offices.data.city }) : t('bdAddress.title');
  useDocumentTitle(heading);

  const refusal = offices.error instanceof ApiError && offices.error.status === 404 ? offices.error.text : null;
  return (
    <section className="bd-address" data-testid="bd-address">
      <h1>{heading}</h1>
      {!city || refusal ? (
        <p>
          {refusal ?? t('bdAddress.noCity')} <Link to={ATTACH_CAR_ARTICLE}>{t('bdAddress.chooseCity')}</Link>
        </p>
      ) : offices.isError ? (
        <ErrorState onRetry={() => void offices.refetch()} />
      ) : !offices.data ? (
        <Loader />
      ) : (
        <>
          <p>{t('bdAddress.intro')}</p>
          <ul className="bd-address__offices">
            {offices.data.address.map((office) => (
              <li key={office.address} className="bd-address__office" data-testid="bd-office">
                <p>{office.address}</p>
                <p>
                  {t('bdAddress.hours')}: <span data-testid="bd-hours">{office.operatingHours}</span>
                </p>
                <a href={office.map_link} target="_blank" rel="noopener noreferrer">
                  {t('bdAddress.map')}
                </a>
              </li>
            ))}
          </ul>
          <Link to={ATTACH_CAR_ARTICLE}>{t('bdAddress.otherCity')}</Link>
        </>
      )}
    </section>
  );
}
