import type { Article } from '@selfserve/contract';

/** Labels arrive as booleans, or as 'true'/1 from older content: any of these switches a label on. */
export function labelOn(labels: Article['labels'], name: string): boolean {
  const value = labels[name];
  return value === true || value === 'true' || value === 1 || value === '1';
}
