import type { ArticleSummary } from '@selfserve/contract';
import type { MouseEvent } from 'react';
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

const isKycNode = (node: ArticleSummary) => node.label_names.includes('do_your_kyc');
/** A click that opens the link here (not in a new tab or window, which still open the article). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

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
            onClick={(event) => {
              onOpen?.(node);
              if (isKycNode(node) && isPlainClick(event)) {
                // A KYC category posts the do_kyc form instead of opening (guided-flows.md §2); it comes back to
                // the article with the notice. Loaded on the click: the first page carries none of it.
                event.preventDefault();
                const back = hrefFor(node);
                void import('./kyc/kyc-form').then((kyc) => kyc.postKycForm(kyc.kycFields(node.id, back)));
              }
            }}
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
