import type { TextMark } from '@selfserve/contract';
import './kb-search-highlight.css';

/** One piece of a highlighted text: plain, or one of the words the search matched. */
export interface HighlightPiece {
  start: number;
  text: string;
  marked: boolean;
}

/**
 * A text cut into plain and marked pieces by the server's ranges (search results' `title_marks`, `snippet_marks`;
 * contract kb-snippet.ts). Ranges that are out of the text, empty, reversed or overlap an earlier one are ignored, so
 * a bad range can never hide or repeat text.
 */
export function highlightPieces(text: string, marks: readonly TextMark[] | undefined): HighlightPiece[] {
  const pieces: HighlightPiece[] = [];
  let at = 0;
  const sorted = [...(marks ?? [])].sort((a, b) => a[0] - b[0]);
  for (const [start, end] of sorted) {
    const valid = Number.isInteger(start) && Number.isInteger(end) && start >= at && end > start && end <= text.length;
    if (!valid) continue;
    if (start > at) pieces.push({ start: at, text: text.slice(at, start), marked: false });
    pieces.push({ start, text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ start: at, text: text.slice(at), marked: false });
  return pieces;
}

/**
 * A search result's title or snippet with the matched words in `<mark>` elements. Every piece is a React text node:
 * an article whose text reads `<script>` or `&lt;` shows exactly that, never markup.
 */
export function Highlighted({ text, marks }: { text: string; marks?: readonly TextMark[] }) {
  return (
    <>
      {highlightPieces(text, marks).map((piece) =>
        piece.marked ? (
          <mark key={piece.start} className="kb-mark">
            {piece.text}
          </mark>
        ) : (
          // A bare text node: the link's accessible name reads the words as they run ("How refunds work").
          piece.text
        ),
      )}
    </>
  );
}
