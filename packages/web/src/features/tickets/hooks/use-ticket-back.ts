import { type BackState, backAction } from '@selfserve/contract';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useSession } from '../../../lib/session';
import type { TicketCreateStatus } from './use-ticket-create-status';

const backStates: Record<TicketCreateStatus, BackState> = {
  initial: 'idle',
  creating: 'creating',
  done: 'done',
  'redirecting-to-home': 'redirecting',
};

/**
 * The browser's back button while a ticket is being created or after it was (spec core.md §2, the contract's
 * backAction): it returns the form to its initial state instead of leaving the page; while redirecting home it does
 * nothing at all. Only back/forward (POP) is held; links and the redirect itself go through.
 */
export function useTicketBack(status: TicketCreateStatus, back: () => void): void {
  const { entryMode } = useSession();
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP' && status !== 'initial');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const action = backAction({ mode: entryMode, state: backStates[status], canGoBack: true });
    if (action.kind === 'reset') back();
    blocker.reset();
  }, [blocker, status, back, entryMode]);
}
