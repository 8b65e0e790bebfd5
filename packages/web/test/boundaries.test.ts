// @vitest-environment node
// biome-ignore lint/style/noRestrictedImports: this test runs Biome on planted files; the app itself never imports Node
import { spawnSync } from 'node:child_process';
// biome-ignore lint/style/noRestrictedImports: as above
import { rmSync, writeFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: as above
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * biome.json forbids imports from one web feature into another, from shared code (components/, lib/) into a
 * feature, and import cycles. These plant files that break each rule (and one that keeps them) and ask Biome.
 */
const root = resolve(__dirname, '../../..');
const src = join(root, 'packages/web/src');
const planted: string[] = [];

function plant(path: string, text: string): string {
  const file = join(src, path);
  writeFileSync(file, text);
  planted.push(file);
  return file;
}

function lint(...files: string[]): { code: number | null; output: string } {
  const run = spawnSync(join(root, 'node_modules/.bin/biome'), ['lint', '--error-on-warnings', ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
});

describe('web boundaries (biome.json)', () => {
  it('accepts a feature importing itself, components/, lib/ and the contract', () => {
    const file = plant(
      'features/tickets/components/boundary-probe-ok.ts',
      [
        "import { routes } from '@selfserve/contract';",
        "import { Loader } from '../../../components/loader';",
        "import { api } from '../../../lib/api-client';",
        "import { ticketRouteTable } from '../route-table';",
        'export const probe = [routes, Loader, api, ticketRouteTable];',
        '',
      ].join('\n'),
    );
    const result = lint(file);
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.code).toBe(0);
  });

  it('fails on an import from another feature, at any depth', () => {
    const nested = plant(
      'features/tickets/components/boundary-probe-nested.ts',
      "import { kbRouteTable } from '../../kb/route-table';\nexport const probe = kbRouteTable;\n",
    );
    const top = plant(
      'features/tickets/boundary-probe-top.ts',
      "import { kbRouteTable } from '../kb/route-table';\nexport const probe = kbRouteTable;\n",
    );
    for (const file of [nested, top]) {
      const result = lint(file);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('lint/style/noRestrictedImports');
    }
  });

  it('fails on shared code importing a feature', () => {
    const file = plant(
      'components/boundary-probe.ts',
      "import { kbRouteTable } from '../features/kb/route-table';\nexport const probe = kbRouteTable;\n",
    );
    const result = lint(file);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('lint/style/noRestrictedImports');
  });

  it('fails on an import cycle', () => {
    const a = plant('lib/boundary-probe-a.ts', "import { b } from './boundary-probe-b';\nexport const a = () => b;\n");
    plant('lib/boundary-probe-b.ts', "import { a } from './boundary-probe-a';\nexport const b = () => a;\n");
    const result = lint(a);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('lint/suspicious/noImportCycles');
  });
}, 30_000);
