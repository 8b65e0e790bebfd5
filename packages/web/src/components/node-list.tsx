import type { ArticleSummary } from '@selfserve/contract';
import { Link } from 'react-router';
import { contentLang } from '../lib/content-lang';
import { useI18n } from '../lib/i18n';

export interface NodeListProps {
  nodes: readonly ArticleSummary[];
  hrefFor: (node: ArticleSummary) => string;
  /** Runs before the link navigates (for example to remember the chosen section). */
  onOpen?: (node: ArticleSummary) => void;
  testId?: string;
}

/** Categories, sections and articles as a list of links. */
export function NodeList({ nodes, hrefFor, onOpen, testId }: NodeListProps) {
  const { locale } = useI18n();
  return (
    <ul className="kb-list" data-testid={testId}>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link
            to={hrefFor(node)}
            className="kb-list__link"
            data-type={node.type}
            onClick={onOpen ? () => onOpen(node) : undefined}
            lang={contentLang(node.title, locale)}
          >
            {node.title}
            <span className="kb-list__chevron" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
