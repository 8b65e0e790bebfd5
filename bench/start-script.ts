// How `npm start` runs the server (the root package.json's start script: `NAME=value … node --flag … main.js`): every
// bench starts it with the same environment and node flags, so the figures are those of the command people run.
import fs from 'node:fs';
import path from 'node:path';

const words = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')).scripts.start as string
).split(/\s+/);
const envWords = words.slice(0, words.indexOf('node'));

export const startFlags = words.filter((word) => word.startsWith('--'));
export const startEnv: Record<string, string> = Object.fromEntries(
  envWords.map((word) => word.split('=', 2) as [string, string]),
);
/** What the benches took from `npm start`, for their reports. */
export const startSettings = [...envWords, ...startFlags].join(' ');
