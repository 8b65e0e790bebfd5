import type { ImageContentType } from '@selfserve/contract';
import sanitizeHtml from 'sanitize-html';

/** Bytes read before deciding what a file is. */
export const SNIFF_BYTES = 16;

export type Sniffed = { kind: 'binary'; contentType: Exclude<ImageContentType, 'image/svg+xml'> } | { kind: 'svg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What a file is, from its first bytes only — the name and the client's content type are never
 * consulted. PNG (signature and the IHDR chunk that must follow it), JPEG (SOI + marker), GIF (87a/89a).
 * Text starting with `<` may be an SVG: the caller reads it whole and sanitiseSvg() decides.
 * Anything else is null.
 */
export function sniffImage(head: Buffer): Sniffed | null {
  if (head.length >= 16 && head.subarray(0, 8).equals(PNG_SIGNATURE) && head.toString('latin1', 12, 16) === 'IHDR') {
    return { kind: 'binary', contentType: 'image/png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'binary', contentType: 'image/jpeg' };
  }
  const six = head.toString('latin1', 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return { kind: 'binary', contentType: 'image/gif' };
  // An optional UTF-8 byte-order mark, white space, then '<' (or only white space so far).
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  if (i === head.length || head[i] === 0x3c) return { kind: 'svg' };
  return null;
}

/** SVG elements that only draw. Anything else is removed together with everything inside it. */
const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const SVG_ELEMENT_SET = new Set(SVG_ELEMENTS);

/** Geometry and presentation attributes. No event handlers, no style (CSS can load URLs), no class. */
const SVG_ATTRIBUTES = [
  'id',
  'xmlns',
  'xmlns:xlink',
  'xml:space',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'transform',
  'href',
  'xlink:href',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'radius',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelMatrix',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'kernelUnitLength',
  'preserveAlpha',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'z',
  'systemLanguage',
  'role',
  'aria-label',
  'aria-hidden',
];
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Elements removed together with everything inside them; other unlisted elements are unwrapped. */
const DROP_WITH_CONTENT = ['script', 'style', 'foreignObject'];
/**
 * Deeper than this is not a drawing but an attack on the parser (its cost grows with the square
 * of the depth: 100,000 nested <g> take seconds). Parsing stops as soon as it is reached.
 */
const MAX_DEPTH = 256;
// The patterns below run on attacker-sized values (megabytes): none of them can backtrack badly.
const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;
const LOCAL_URL = /url\s*\(\s*(?:"#[\w.:-]+"|'#[\w.:-]+'|#[\w.:-]+)\s*\)/gi;

/** An attribute value that could make the browser load or run something is dropped. */
function safeValue(name: string, value: string): boolean {
  const v = value.trim();
  if (name === 'href' || name === 'xlink:href') return LOCAL_REF.test(v);
  // CSS escapes could spell url( or expression( in a way a plain check misses.
  if (v.includes('\\')) return false;
  if (/(?:javascript|vbscript|data)\s*:/i.test(v)) return false;
  // Only url(#id): remove those, and any url( left is a reference to somewhere else.
  return !/url\s*\(/i.test(v.replace(LOCAL_URL, ''));
}

/**
 * Removes a DOCTYPE and its internal subset (entity declarations), which the parser would only half
 * read. Plain string search, no regular expression over the whole text.
 */
function withoutDoctype(text: string): string {
  const start = text.search(/<!DOCTYPE/i);
  if (start === -1) return text;
  let end = text.indexOf('>', start);
  const subset = text.indexOf('[', start);
  if (subset !== -1 && (end === -1 || subset < end)) {
    const subsetEnd = text.indexOf(']', subset);
    end = subsetEnd === -1 ? -1 : text.indexOf('>', subsetEnd);
  }
  // Unterminated: left as it is; the text it leaves before <svg> fails the root check.
  return end === -1 ? text : text.slice(0, start) + text.slice(end + 1);
}

/**
 * Parses text as an SVG document and rebuilds it from an allowlist (sanitize-html in XML mode).
 * Returns null when it is not an SVG document: not UTF-8, more than one root, or a root other than
 * <svg> (an HTML page named .svg or .png is refused, not "cleaned" into an image).
 *
 * Removed: <script>, <style> and <foreignObject> with their content; animation (set/animate can
 * rewrite hrefs), <a>, <image>, <feImage> and every other element not listed (their listed children
 * stay, checked the same way); event handlers and every attribute not listed; any href that is not a
 * same-document #fragment; values with url(…) other than url(#id), a CSS escape or a javascript:,
 * vbscript: or data: URL; comments, processing instructions and the DOCTYPE with its entities.
 */
export function sanitiseSvg(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  if (!/^\s*</.test(text)) return null;
  text = withoutDoctype(text);

  const roots: string[] = [];
  let depth = 0;
  let out: string;
  try {
    out = sanitizeHtml(text, svgOptions());
  } catch (err) {
    if (err instanceof TooDeep) return null;
    throw err;
  }
  if (roots.length !== 1 || roots[0] !== 'svg') return null;
  const svg = out.trim();
  return svg.startsWith('<svg') ? svg : null;

  function svgOptions(): sanitizeHtml.IOptions {
    return {
      parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
      allowedTags: SVG_ELEMENTS,
      allowedAttributes: { '*': SVG_ATTRIBUTES },
      allowedSchemes: [],
      allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
      allowProtocolRelative: false,
      selfClosing: [],
      nonTextTags: DROP_WITH_CONTENT,
      disallowedTagsMode: 'discard',
      onOpenTag(name) {
        if (depth === 0) roots.push(name);
        depth++;
        if (depth > MAX_DEPTH) throw new TooDeep();
      },
      onCloseTag() {
        depth--;
      },
      transformTags: {
        // Runs for every element (after onOpenTag, so `depth` is this element's depth).
        '*': (tagName, attribs) => {
          // Never rename here: sanitize-html mislabels a later closing tag after a renamed, discarded one.
          if (!SVG_ELEMENT_SET.has(tagName)) return { tagName, attribs: {} };
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(attribs)) {
            if (name === 'xmlns') kept[name] = SVG_NS;
            else if (name === 'xmlns:xlink') kept[name] = XLINK_NS;
            else if (safeValue(name, value)) kept[name] = value;
          }
          if (tagName === 'svg' && depth === 1) kept.xmlns = SVG_NS;
          return { tagName, attribs: kept };
        },
      },
    };
  }
}

class TooDeep extends Error {}
