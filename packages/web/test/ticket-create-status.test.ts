import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  initialTicketCreateState,
  type TicketCreateEvent,
  type TicketCreateState,
  type TicketCreateStatus,
  ticketCreateReducer,
  useTicketCreateStatus,
} from '../src/features/tickets/hooks/use-ticket-create-status';

const result = { ticketId: '4810231', requestStatus: 'CREATED' as const, message: 'Thank you!' };
const at = (status: TicketCreateStatus, attempt = 1): TicketCreateState => ({
  status,
  attempt,
  result: status === 'done' || status === 'redirecting-to-home' ? result : null,
});

describe('ticket create status (spec core.md §2, §4)', () => {
  it.each<[string, TicketCreateState, TicketCreateEvent, TicketCreateStatus]>([
    ['submit from initial', at('initial', 0), { type: 'submit', attempt: 1 }, 'creating'],
    ['an answer ends creating', at('creating'), { type: 'succeed', attempt: 1, result }, 'done'],
    ['a failure returns to initial', at('creating'), { type: 'fail', attempt: 1 }, 'initial'],
    ['home after done', at('done'), { type: 'go-home' }, 'redirecting-to-home'],
    ['back during creating', at('creating'), { type: 'back' }, 'initial'],
    ['back after done', at('done'), { type: 'back' }, 'initial'],
    ['back during redirecting-to-home is ignored', at('redirecting-to-home'), { type: 'back' }, 'redirecting-to-home'],
    ['back in initial stays', at('initial'), { type: 'back' }, 'initial'],
    ['no second submit while creating', at('creating'), { type: 'submit', attempt: 2 }, 'creating'],
    [
      'an answer for an earlier submit is dropped',
      at('creating', 2),
      { type: 'succeed', attempt: 1, result },
      'creating',
    ],
    ['a late answer after back is dropped', at('initial'), { type: 'succeed', attempt: 1, result }, 'initial'],
    ['a late failure after done changes nothing', at('done'), { type: 'fail', attempt: 1 }, 'done'],
    ['home only from done', at('creating'), { type: 'go-home' }, 'creating'],
  ])('%s', (_name, state, event, expected) => {
    expect(ticketCreateReducer(state, event).status).toBe(expected);
  });

  it('keeps the answer while done and redirecting, and forgets it on back', () => {
    let s = ticketCreateReducer(initialTicketCreateState, { type: 'submit', attempt: 1 });
    s = ticketCreateReducer(s, { type: 'succeed', attempt: 1, result });
    expect(s.result).toEqual(result);
    s = ticketCreateReducer(s, { type: 'go-home' });
    expect(s).toEqual({ status: 'redirecting-to-home', attempt: 1, result });
    expect(ticketCreateReducer(s, { type: 'back' })).toBe(s);
    expect(ticketCreateReducer(at('done'), { type: 'back' }).result).toBeNull();
  });

  it('walks the states through the hook', () => {
    const { result: hook } = renderHook(() => useTicketCreateStatus());
    expect(hook.current.state.status).toBe('initial');
    act(() => hook.current.submit(1));
    expect(hook.current.state.status).toBe('creating');
    act(() => hook.current.back());
    expect(hook.current.state.status).toBe('initial');
    act(() => hook.current.succeed(1, result));
    expect(hook.current.state.status).toBe('initial');
    act(() => hook.current.submit(2));
    act(() => hook.current.succeed(2, result));
    expect(hook.current.state).toEqual({ status: 'done', attempt: 2, result });
    act(() => hook.current.goHome());
    act(() => hook.current.back());
    expect(hook.current.state.status).toBe('redirecting-to-home');
  });
});
