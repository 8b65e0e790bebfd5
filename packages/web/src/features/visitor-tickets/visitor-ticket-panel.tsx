import type { Article, VisitorTicketModal } from '@selfserve/contract';
import { useState } from 'react';
import { Button } from '../../components/button';
import { useI18n } from '../../lib/i18n';
import { UnknownCityDialog } from './unknown-city-dialog';
import { VisitorTicketDialog } from './visitor-ticket-dialog';

/**
 * What a visitor sees under an article that names a ticket modal (contract visitorTicketModalOf), instead of
 * 'Sign in': a button that opens the modal.
 */
export function VisitorTicketPanel({ article, modal }: { article: Article; modal: VisitorTicketModal }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <section className="visitor-ticket-panel">
      <Button data-testid="visitor-ticket-open" onClick={() => setOpen(true)}>
        {t('visitorTickets.open')}
      </Button>
      {open ? (
        <VisitorTicketDialog
          modal={modal}
          articleId={article.id}
          subject={article.title}
          indexName={article.index_name}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}

/**
 * Under the sign-in prompt of a one-touch article: a visitor in a city we cannot place (or who cannot sign in) sends
 * the request with submit_without_login instead (docs/flows/visitor-tickets.md).
 */
export function UnknownCityPanel({ article }: { article: Article }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <section className="visitor-ticket-panel">
      <Button variant="link" data-testid="unknown-city-open" onClick={() => setOpen(true)}>
        {t('visitorTickets.unknownCity.open')}
      </Button>
      {open ? <UnknownCityDialog article={article} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
