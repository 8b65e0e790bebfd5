import { countries, type DemoAccount, type Role, type StaffRole } from '@selfserve/contract';
import { Button } from '../../../components/button';
import { errorText } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useDemoLogin } from '../api/demo-login';
import { useDemoAccounts } from '../api/get-demo-accounts';

const roleLabel = {
  customer: 'login.roleCustomer',
  driver: 'login.roleDriver',
  food_delivery_rider: 'login.roleFoodDeliveryRider',
} as const satisfies Record<Role, string>;

const staffLabel = { agent: 'login.roleAgent', admin: 'login.roleAdmin' } as const satisfies Record<StaffRole, string>;

function countryName(code: string): string {
  return countries.find((c) => c.country_code === code)?.name ?? code;
}

/** One-click sign-in for the seeded demo accounts; the server answers 404 when demo mode is off. */
export function DemoAccounts() {
  const { t } = useI18n();
  const accounts = useDemoAccounts(true);
  const demoLogin = useDemoLogin();

  if (accounts.isPending) return null;
  if (accounts.isError || accounts.data.length === 0) return null;

  return (
    <section className="demo-accounts" aria-labelledby="demo-accounts-heading">
      <h2 id="demo-accounts-heading">{t('login.demoHeading')}</h2>
      <p>{t('login.demoIntro')}</p>
      {demoLogin.isError ? (
        <p className="form-error" role="alert">
          {errorText(demoLogin.error)}
        </p>
      ) : null}
      <ul className="demo-accounts__list">
        {accounts.data.map((account: DemoAccount) => (
          <li key={account.email} className="card demo-account">
            <p className="demo-account__name">{account.name}</p>
            <p className="demo-account__meta">
              {t(account.staff_role ? staffLabel[account.staff_role] : roleLabel[account.role])} ·{' '}
              {t('login.country', { country: countryName(account.country_code) })}
            </p>
            <p className="demo-account__email">{account.email}</p>
            {account.description ? <p>{account.description}</p> : null}
            <Button
              data-testid={`demo-login-${account.email}`}
              disabled={demoLogin.isPending}
              onClick={() => demoLogin.mutate({ email: account.email })}
            >
              {t('login.signInAs', { name: account.name })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
