import { highlighterFor, kbPaths, kbSearchResponseSchema, queryGroups } from '@selfserve/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted, highlightPieces } from '../src/features/kb/components/kb-search-highlight';
import { SearchPage } from '../src/features/kb/routes/search';
import { summary } from './kb-fixtures';
import { jsonResponse, mockFetch, renderWithSession } from './utils';

const marksOf = (root: HTMLElement) => [...root.querySelectorAll('mark')].map((m) => m.textContent);

/** A search result as the server builds it: the contract's highlighter over a title and a text. */
function result(id: string, title: string, text: string, query: string) {
  const h = highlighterFor(queryGroups(query));
  const snippet = h.snippet(text);
  return {
    ...summary(id, title),
    snippet: snippet.text,
    snippet_marks: snippet.marks,
    title_marks: h.marks(title),
  };
}

describe('Highlighted: marks from ranges, text as text', () => {
  it('wraps each range in a <mark> and keeps the rest as it is', () => {
    const { container } = render(<Highlighted text="Your Refund: what you'll see." marks={[[5, 11]]} />);
    expect(container.textContent).toBe("Your Refund: what you'll see.");
    expect(marksOf(container)).toEqual(['Refund']);
  });

  it('shows text that looks like HTML as text: no element is made from it', () => {
    const text = 'Type <script>alert(1)</script> or &lt;b&gt; into the <b>box</b>';
    const at = (word: string): [number, number] => [text.indexOf(word), text.indexOf(word) + word.length];
    const { container } = render(<Highlighted text={text} marks={[at('script'), at('box')]} />);
    expect(container.textContent).toBe(text);
    expect(container.querySelector('script, b')).toBeNull();
    expect(marksOf(container)).toEqual(['script', 'box']);
  });

  it('ignores ranges out of the text, empty, reversed or overlapping: no text is lost or repeated', () => {
    const text = 'refund wallet';
    expect(
      highlightPieces(text, [
        [7, 13],
        [0, 6],
        [3, 9],
        [5, 5],
        [12, 40],
        [-4, 2],
        [9, 2],
      ])
        .map((p) => (p.marked ? `[${p.text}]` : p.text))
        .join(''),
    ).toBe('[refund] [wallet]');
    expect(highlightPieces(text, undefined)).toEqual([{ start: 0, text, marked: false }]);
    expect(highlightPieces('', [[0, 3]])).toEqual([]);
  });

  it('marks Hindi and French words whole, at the places the contract gives', () => {
    const hindi = result('71', 'साप्ताहिक भुगतान कब मिलता है', 'कटौती के बाद भुगतान होता है।', 'भुगतान');
    const { container } = render(
      <p>
        <Highlighted text={hindi.title} marks={hindi.title_marks} /> /{' '}
        <Highlighted text={hindi.snippet} marks={hindi.snippet_marks} />
      </p>,
    );
    expect(marksOf(container)).toEqual(['भुगतान', 'भुगतान']);
    const french = result('27', 'Remboursement effectué', 'Le remboursement est effectué.', 'effectué');
    const { container: fr } = render(<Highlighted text={french.snippet} marks={french.snippet_marks} />);
    expect(marksOf(fr)).toEqual(['effectué']);
  });
});

describe('/search: highlighted titles and snippets', () => {
  it('marks the matched words in each result’s title and snippet', async () => {
    const answer = kbSearchResponseSchema.parse([
      result(
        '100301',
        'How refunds work',
        'Refunds go back to the original payment method. Wallet refunds are instant.',
        'wallet refund',
      ),
      result('100302', 'Why does <script> show in my receipt?', 'Your receipt shows <b>bold</b> as text.', 'receipt'),
    ]);
    mockFetch({ [kbPaths.search('customer')]: () => jsonResponse(answer) });
    renderWithSession(<SearchPage />, { route: '/search?q=wallet%20refund' });
    const list = await screen.findByTestId('search-results');
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const firstLink = within(first).getByRole('link', { name: 'How refunds work' });
    expect(marksOf(firstLink)).toEqual(['refunds']);
    expect(first).toHaveTextContent('Refunds go back to the original payment method. Wallet refunds are instant.');
    expect(marksOf(first.querySelector('.kb-results__snippet') as HTMLElement)).toEqual([
      'Refunds',
      'Wallet',
      'refunds',
    ]);
    // Text that looks like HTML is shown as text, in the title and in the snippet.
    expect(within(second).getByRole('link', { name: 'Why does <script> show in my receipt?' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Your receipt shows <b>bold</b> as text.');
    expect(second.querySelector('script, b')).toBeNull();
    expect(marksOf(second)).toEqual(['receipt', 'receipt']);
  });
});
