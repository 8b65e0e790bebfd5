import type { OneTouchResult } from '@selfserve/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '../src/app/shell/app-shell';
import { Header } from '../src/app/shell/header';
import { ResultDialog } from '../src/components/one-touch/result-dialog';
import { jsonResponse, mockFetch, renderAppRoutes, renderWithSession, riya } from './utils';

const answer: OneTouchResult = {
  state: 'SUCCESS',
  title: 'Refund initiated',
  message: 'It reaches you in 7 to 10 business days.',
  ticketId: null,
  csatRequired: false,
  reload: false,
  redirectTo: null,
  sideLoad: {},
  mapUrl: null,
  distance: null,
  bill: null,
};

/** A panel like the one-touch ones: the button that asks is replaced by the answer, and BACK brings it back. */
function Panel({ onBack, result = answer }: { onBack?: () => void; result?: OneTouchResult }) {
  const [shown, setShown] = useState(false);
  return (
    <section>
      <button type="button">Before</button>
      {shown ? (
        <ResultDialog
          result={result}
          articleId="101101"
          articleTitle="I was charged a cancellation fee unfairly"
          bookingId="b-1"
          allowCallUs
          allowWriteToUs
          onBack={() => {
            onBack?.();
            setShown(false);
          }}
        />
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          Submit
        </button>
      )}
      <button type="button">After</button>
    </section>
  );
}

describe('The one-touch result dialog is a real modal', () => {
  it('is a dialog named by its heading, which has the focus', async () => {
    const user = userEvent.setup();
    renderWithSession(<Panel />, { session: { user: riya } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund initiated' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('heading', { name: 'Refund initiated' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    // With a rating the dialog holds several controls (Good, Bad, BACK).
    renderWithSession(<Panel result={{ ...answer, csatRequired: true, ticketId: 't-1' }} />, {
      session: { user: riya },
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund initiated' });
    const controls = within(dialog)
      .queryAllByRole('link')
      .concat(within(dialog).getAllByRole('button'))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    expect(controls.length).toBeGreaterThan(1);
    const first = controls[0] as HTMLElement;
    const back = within(dialog).getByRole('button', { name: /^back$/i });
    expect(controls.at(-1)).toBe(back);

    // Forward through every control: from BACK, Tab comes round to the first one, never to the page's "After".
    for (let i = 0; i < controls.length * 2; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    back.focus();
    await user.tab();
    expect(first).toHaveFocus();
    // Backwards from the first control: round to BACK, never to the page's "Before".
    await user.tab({ shift: true });
    expect(back).toHaveFocus();
    expect(screen.getByRole('button', { name: 'After' })).not.toHaveFocus();
  });

  it('closes on Escape (as BACK) and gives the focus back to the control that opened it', async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    renderWithSession(<Panel onBack={onBack} />, { session: { user: riya } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The Submit button was rendered anew after BACK: focus finds its twin.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus());
  });

  it('BACK also returns the focus to the opener', async () => {
    const user = userEvent.setup();
    renderWithSession(<Panel />, { session: { user: riya } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: /^back$/i }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus());
  });
});

describe('The side menu is a real modal', () => {
  it('is a dialog that keeps Tab inside and gives focus back to the menu button on Escape', async () => {
    const user = userEvent.setup();
    renderWithSession(<Header />, { session: { user: riya } });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = await screen.findByRole('dialog', { name: 'Side menu' });
    expect(menu.tagName).toBe('DIALOG');
    expect(menu).toHaveAttribute('open');
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    // Signed in on a phone the header hides the e-mail: the menu says who is signed in.
    expect(menu).toHaveTextContent(`Signed in as ${riya.email}`);

    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
    close.focus();
    await user.tab({ shift: true });
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    expect(close).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveAttribute('open');
    expect(toggle).toHaveFocus();
  });
});

describe('Focus after a page change', () => {
  const shell = (pages: Record<string, React.ReactNode>, entry = '/one') => {
    mockFetch({ '/user_tracking/add_track': () => jsonResponse({ status: 'SUCCESS' }) });
    return renderAppRoutes(
      [
        {
          path: '/',
          element: <AppShell />,
          children: Object.entries(pages).map(([path, element]) => ({ path, element })),
        },
      ],
      { initialEntries: [entry] },
      { user: riya },
    );
  };

  it('leaves the first page alone, then moves focus to the new page’s h1 after a navigation', async () => {
    const user = userEvent.setup();
    shell({
      one: (
        <>
          <h1>First page</h1>
          <Link to="/two">To the second page</Link>
        </>
      ),
      two: <h1>Second page</h1>,
    });
    const first = await screen.findByRole('heading', { level: 1, name: 'First page' });
    expect(first).not.toHaveFocus();
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'To the second page' }));
    const second = await screen.findByRole('heading', { level: 1, name: 'Second page' });
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAttribute('tabindex', '-1');
    // The focused heading is what screen readers read: the live region stays quiet.
    expect(screen.getByTestId('route-announcer')).toBeEmptyDOMElement();
  });

  it('waits for a heading that arrives with the page’s data', async () => {
    function Late() {
      const [ready, setReady] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setReady(true), 100);
        return () => clearTimeout(timer);
      }, []);
      return ready ? <h1>Loaded later</h1> : <p>Loading…</p>;
    }
    const view = shell({ one: <h1>First page</h1>, two: <Late /> });
    await screen.findByRole('heading', { name: 'First page' });
    await act(() => view.router.navigate('/two'));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Loaded later' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('does not move focus on a query change of the same page', async () => {
    const view = shell({ one: <h1>First page</h1> });
    const heading = await screen.findByRole('heading', { name: 'First page' });
    await act(() => view.router.navigate('/one?tab=orders'));
    expect(heading).not.toHaveFocus();
  });

  it('focuses main and announces the title when the page has no heading', async () => {
    const view = shell({ one: <h1>First page</h1>, three: <p>No heading here</p> });
    await screen.findByRole('heading', { name: 'First page' });
    document.title = 'Plain page · Selfserve Help Centre';
    await act(() => view.router.navigate('/three'));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus(), { timeout: 6000 });
    expect(screen.getByTestId('route-announcer')).toHaveTextContent('Plain page · Selfserve Help Centre');
  }, 10_000);
});
