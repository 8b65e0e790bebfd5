import path from 'node:path';
import {
  allIndexes,
  articleLabels,
  articleTags,
  bookingHelpIndexes,
  helpContextKeys,
  reportContextArticles,
  VISITOR_TICKET_MODALS,
  visitorTicketModalOf,
  writeToUsArticleFor,
} from '@selfserve/contract';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_BLOCK_IDS, loadContentFolder } from '../src/modules/kb/content.ts';
import { importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { openTestDatabase } from './helpers.ts';
import { testConfig } from './test-config.ts';

// The demo knowledge base in content/kb: what a fresh clone imports on first start.
const folder = testConfig().kbContentDir;
const content = loadContentFolder(folder);

describe('demo knowledge-base content', () => {
  it('is valid', () => {
    expect(content.problems).toEqual([]);
  });

  it('has at least 150 articles and content in every index', () => {
    expect(content.nodes.filter((n) => n.type === 'article').length).toBeGreaterThanOrEqual(150);
    expect([...content.indexes].sort()).toEqual([...allIndexes].sort());
    for (const index of allIndexes) {
      expect(
        content.nodes.some((n) => n.index_name === index && n.type === 'article'),
        index,
      ).toBe(true);
    }
  });

  it('uses every label and tag of the spec, and every embedded JSON block, at least once', () => {
    const labels = new Set(content.nodes.flatMap((n) => Object.keys(n.labels)));
    const tags = new Set(content.nodes.flatMap((n) => n.label_names.map((t) => t.replace(/:\d+$/, ':{x}'))));
    const blocks = new Set(content.nodes.flatMap((n) => Object.keys(n.embedded)));
    expect(articleLabels.filter((l) => !labels.has(l))).toEqual([]);
    expect(articleTags.filter((t) => !tags.has(t))).toEqual([]);
    expect(EMBEDDED_BLOCK_IDS.filter((b) => !blocks.has(b))).toEqual([]);
  });

  it('has categories for every booking help context and Hindi bodies in the Hindi driver index', () => {
    const contexts = new Set(content.nodes.flatMap((n) => n.contexts));
    for (const c of helpContextKeys) {
      expect(contexts.has(c), c).toBe(true);
    }
    const hindi = content.nodes.filter((n) => n.index_name.startsWith('driver_in_hi') && n.type === 'article');
    expect(hindi.every((n) => /[\u0900-\u097F]{3}/.test(n.body_text))).toBe(true);
  });

  it('has, in every index a booking’s help reads, a top category for every help-context key (core.md §4)', () => {
    const missing: string[] = [];
    for (const index of bookingHelpIndexes) {
      const categories = content.nodes.filter((n) => n.index_name === index && n.type === 'category' && !n.parent_id);
      for (const key of helpContextKeys) {
        const shown = categories.filter((c) => c.contexts.includes(key));
        const withTopics = shown.filter((c) => content.nodes.some((n) => n.parent_id === c.id));
        if (withTopics.length === 0) missing.push(`${index}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the articles the contract names by context, each in its own index', () => {
    const byId = new Map(content.nodes.map((n) => [n.id, n]));
    const wrong: string[] = [];
    for (const [context, table] of Object.entries(reportContextArticles)) {
      for (const [index, id] of Object.entries(table)) {
        const node = id ? byId.get(id) : undefined;
        // A trip index and its twin (driver_in_en, driver_in_en_trip) serve one audience.
        const same = node && node.index_name.replace(/_trip$/, '') === index.replace(/_trip$/, '');
        if (!same) wrong.push(`${context} ${index} → ${id} (${node?.index_name ?? 'missing'})`);
      }
    }
    for (const index of bookingHelpIndexes) {
      const id = writeToUsArticleFor(index);
      const node = id ? byId.get(id) : undefined;
      if (node?.type !== 'article') wrong.push(`write to us for ${index} → ${id}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives a visitor every ticket modal (guided-flows.md §4) on a rider article without the structured e-mail', () => {
    // The structured e-mail takes visitors itself on its articles, so a modal needs an article of its own.
    const shown = content.nodes
      .filter((n) => n.type === 'article' && n.index_name.startsWith('customer') && !n.labels.structured_email_param)
      .map((n) => visitorTicketModalOf({ title: n.title, call_type: String(n.labels.call_type ?? '') || null }));
    for (const modal of VISITOR_TICKET_MODALS) expect(shown, modal).toContain(modal);
  });

  it('imports into the embedded database', async () => {
    const database = await openTestDatabase('sqlite', false);
    try {
      const result = await importKnowledgeBase(database.db, path.resolve(folder));
      expect(result.ok).toBe(true);
    } finally {
      await database.dispose();
    }
  });
});
