import { describe, expect, it } from 'vitest';
import { decodeBase64Text } from '../src/lib/base64-text';
import { b64 } from './booking-fixtures';

describe('decodeBase64Text (pickup and drop addresses)', () => {
  it.each([
    ['ASCII', b64('12 MG Road, Bengaluru'), '12 MG Road, Bengaluru'],
    ['Devanagari', b64('एमजी रोड, बेंगलुरु'), 'एमजी रोड, बेंगलुरु'],
    ['accents and emoji', b64('Café Müller, Zürich 🚕'), 'Café Müller, Zürich 🚕'],
    ['surrounding spaces', ` ${b64('Indiranagar')} `, 'Indiranagar'],
    ['empty', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['not base64', 'not base64!', 'not base64!'],
    ['base64 of bytes that are not UTF-8', btoa('\xff\xfe\xfd'), btoa('\xff\xfe\xfd')],
  ])('%s', (_name, input, expected) => {
    expect(decodeBase64Text(input)).toBe(expected);
  });
});
