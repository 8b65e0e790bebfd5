import type { ArticleSummary } from '@selfserve/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeList } from '../src/components/node-list';
import { setLocale } from '../src/lib/i18n';
import { renderWithSession } from './utils';

const node = (id: string, title: string): ArticleSummary =>
  ({ id, title, type: 'article', position: 0, show_title: true }) as unknown as ArticleSummary;

describe('English titles inside a translated page carry lang="en"', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('marks the untranslated title in a Hindi list, not the translated one', async () => {
    await setLocale('hi');
    renderWithSession(
      <NodeList
        nodes={[node('1', 'How refunds work'), node('2', 'रिफ़ंड कैसे काम करता है')]}
        hrefFor={(n) => `/article/${n.id}`}
      />,
    );
    expect(document.documentElement).toHaveAttribute('lang', 'hi');
    expect(screen.getByRole('link', { name: /How refunds work/ })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: /रिफ़ंड/ })).not.toHaveAttribute('lang');
  });

  it('adds nothing on an English page', () => {
    renderWithSession(<NodeList nodes={[node('1', 'How refunds work')]} hrefFor={(n) => `/article/${n.id}`} />);
    expect(screen.getByRole('link', { name: /How refunds work/ })).not.toHaveAttribute('lang');
  });
});
