import fs from 'node:fs';
import path from 'node:path';
import { parseSynonyms, type Synonyms } from '@selfserve/contract';
import { parse as parseYaml } from 'yaml';
import type { ContentProblem } from './content.ts';

export const SYNONYMS_FILE = 'synonyms.yml';

/**
 * The content folder's synonym table (content/kb/synonyms.yml, docs/kb-search.md), checked by the contract's rules.
 * `synonyms` is null when the folder has none: the stored table is then left as it is.
 */
export function loadSynonymsFile(folder: string): { synonyms: Synonyms | null; problems: ContentProblem[] } {
  const file = path.join(folder, SYNONYMS_FILE);
  if (!fs.existsSync(file)) return { synonyms: null, problems: [] };
  let data: unknown;
  try {
    data = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return { synonyms: null, problems: [{ file, reason: `not valid YAML: ${(err as Error).message.split('\n')[0]}` }] };
  }
  const { synonyms, problems } = parseSynonyms(data);
  return { synonyms, problems: problems.map((reason) => ({ file, reason })) };
}
