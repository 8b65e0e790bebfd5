import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { TicketCreateStatus } from './use-ticket-create-status';

/**
 * The browser's back button while a ticket is being created or after it was (spec core.md §2): it returns
 * the form to its initial state instead of leaving the page; while redirecting home it does nothing at all.
 * Only back/forward (POP) is held; links and the redirect itself go through.
 */
export function useTicketBack(status: TicketCreateStatus, back: () => void): void {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP' && status !== 'initial');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (status === 'creating' || status === 'done') back();
    blocker.reset();
  }, [blocker, status, back]);
}
