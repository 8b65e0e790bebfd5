// The article sanitiser of a server render (docs/ssr.md "Sanitising on the server"): DOMPurify needs a DOM, and jsdom
// cost the server ~30 MB of memory for it. This pass parses the body with parse5 — the HTML standard's parser and
// serialiser, the ones jsdom itself uses — and applies the rules of sanitize-html.ts's DOMPurify pass to the tree, so
// the page's HTML is what the browser's own DOMPurify writes from the same body (hydration compares the two).
// Loaded by entry-server.tsx only: never part of the browser's bundle.
import { type DefaultTreeAdapterTypes as P, parse, serialize } from 'parse5';
import { adjustKeptElement, EMBEDDED_BLOCK_IDS, type KeptElement } from './sanitize-html';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * The tags an article can hold and the attributes of each: what the server's importer keeps (sanitize-html,
 * packages/server/src/modules/kb/content.ts `sanitizeOptions`), less `target`, which DOMPurify drops too (the link
 * rule sets it). Every body the API serves was written through that importer, so within this list the pass must
 * write exactly DOMPurify's HTML (test/sanitize-html-server.test.ts compares the two). Outside it, this pass is the
 * stricter: DOMPurify would keep `<h1>`, `<section>`, `aria-*` and the like; here the element gives way to its
 * content and the attribute is dropped (a body that slipped past the importer still cannot run script).
 */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  small: [],
  blockquote: [],
  code: [],
  pre: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  div: ['id', 'hidden', 'class'],
  span: ['class'],
};

// DOMPurify 3's constants for the rules this pass repeats (purify.es.mjs), under the same names.
/** Elements removed with their content (DOMPurify's FORBID_CONTENTS); others not kept give way to their content. */
const FORBID_CONTENTS = new Set([
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'selectedcontent',
  'style',
  'svg',
  'template',
  'thead',
  'title',
  'video',
  'xmp',
]);
const LITERAL_TEXT_ELEMENTS = new Set([
  'style',
  'script',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'noscript',
]);
const URI_SAFE_ATTRIBUTES = new Set([
  'alt',
  'class',
  'for',
  'id',
  'label',
  'name',
  'pattern',
  'placeholder',
  'role',
  'summary',
  'title',
  'value',
  'style',
  'xmlns',
]);
const DATA_URI_TAGS = new Set(['audio', 'video', 'img', 'source', 'image', 'track']);
const IS_ALLOWED_URI =
  /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: DOMPurify's own pattern (whitespace and controls in a URL)
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const ATTR_VALUE_BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;
const LEADING_WHITESPACE = /^[\r\n\t ]+/;
// Global, as DOMPurify's: a successful test() leaves lastIndex where it matched and the next test starts there, so
// they are called in DOMPurify's order.
const ELEMENT_MARKUP_PROBE = /<[/\w!]/g;
const COMMENT_MARKUP_PROBE = /<[/\w]/g;

/**
 * DOMPurify drops an `id` or `name` whose value is a property of a document or a form (DOM clobbering). The names
 * are the browser's: Chromium 156's, read from a template's document and a form element (every own and inherited
 * property name). jsdom's list differs a little, so the tests use ids in neither list or in both.
 */
const DOCUMENT_PROPERTIES = new Set(
  (
    'ATTRIBUTE_NODE CDATA_SECTION_NODE COMMENT_NODE DOCUMENT_FRAGMENT_NODE DOCUMENT_NODE ' +
    'DOCUMENT_POSITION_CONTAINED_BY DOCUMENT_POSITION_CONTAINS DOCUMENT_POSITION_DISCONNECTED ' +
    'DOCUMENT_POSITION_FOLLOWING DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC DOCUMENT_POSITION_PRECEDING ' +
    'DOCUMENT_TYPE_NODE ELEMENT_NODE ENTITY_NODE ENTITY_REFERENCE_NODE NOTATION_NODE PROCESSING_INSTRUCTION_NODE ' +
    'TEXT_NODE URL __defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__ __proto__ acceptCharset ' +
    'accessKey action activeElement activeViewTransition addEventListener adoptNode adoptedStyleSheets after ' +
    'alinkColor all anchors animate append appendChild applets ariaActionsElements ariaActiveDescendantElement ' +
    'ariaAtomic ariaAutoComplete ariaBrailleLabel ariaBrailleRoleDescription ariaBusy ariaChecked ariaColCount ' +
    'ariaColIndex ariaColIndexText ariaColSpan ariaControlsElements ariaCurrent ariaDescribedByElements ' +
    'ariaDescription ariaDetailsElements ariaDisabled ariaErrorMessageElements ariaExpanded ariaFlowToElements ' +
    'ariaHasPopup ariaHidden ariaInvalid ariaKeyShortcuts ariaLabel ariaLabelledByElements ariaLevel ariaLive ' +
    'ariaModal ariaMultiLine ariaMultiSelectable ariaNotify ariaOrientation ariaPlaceholder ariaPosInSet ' +
    'ariaPressed ariaReadOnly ariaRelevant ariaRequired ariaRoleDescription ariaRowCount ariaRowIndex ' +
    'ariaRowIndexText ariaRowSpan ariaSelected ariaSetSize ariaSort ariaValueMax ariaValueMin ariaValueNow ' +
    'ariaValueText assignedSlot attachInternals attachShadow attributeStyleMap attributes autocapitalize ' +
    'autocomplete autocorrect autofocus baseURI before bgColor blur body captureEvents caretPositionFromPoint ' +
    'caretRangeFromPoint characterSet charset checkValidity checkVisibility childElementCount childNodes children ' +
    'classList className clear click clientHeight clientLeft clientTop clientWidth cloneNode close closest ' +
    'compareDocumentPosition compatMode computedStyleMap constructor contains contentEditable contentType cookie ' +
    'createAttribute createAttributeNS createCDATASection createComment createDocumentFragment createElement ' +
    'createElementNS createEvent createExpression createNSResolver createNodeIterator createProcessingInstruction ' +
    'createRange createTextNode createTreeWalker currentCSSZoom currentScript customElementRegistry dataset ' +
    'defaultView designMode dir dispatchEvent doctype documentElement documentURI domain draggable editContext ' +
    'elementFromPoint elementTiming elements elementsFromPoint embeds encoding enctype enterKeyHint evaluate ' +
    'execCommand exitFullscreen exitPictureInPicture exitPointerLock featurePolicy fgColor firstChild ' +
    'firstElementChild focus focusGroup focusGroupStart fonts forms fragmentDirective fullscreen ' +
    'fullscreenElement fullscreenEnabled getAnimations getAttribute getAttributeNS getAttributeNames ' +
    'getAttributeNode getAttributeNodeNS getBoundingClientRect getClientRects getElementById ' +
    'getElementsByClassName getElementsByName getElementsByTagName getElementsByTagNameNS getHTML getRootNode ' +
    'getSelection hasAttribute hasAttributeNS hasAttributes hasChildNodes hasFocus hasOwnProperty ' +
    'hasPointerCapture hasStorageAccess hasUnpartitionedCookieAccess head hidden hidePopover id images ' +
    'implementation importNode inert innerHTML innerText inputEncoding inputMode insertAdjacentElement ' +
    'insertAdjacentHTML insertAdjacentText insertBefore isConnected isContentEditable isDefaultNamespace ' +
    'isEqualNode isPrototypeOf isSameNode lang lastChild lastElementChild lastModified length linkColor links ' +
    'localName location lookupNamespaceURI lookupPrefix matches method moveBefore name namespaceURI ' +
    'nextElementSibling nextSibling noValidate nodeName nodeType nodeValue nonce normalize offsetHeight ' +
    'offsetLeft offsetParent offsetTop offsetWidth onabort onanimationcancel onanimationend onanimationiteration ' +
    'onanimationstart onauxclick onbeforecopy onbeforecut onbeforeinput onbeforematch onbeforepaste ' +
    'onbeforetoggle onbeforexrselect onblur oncancel oncanplay oncanplaythrough onchange onclick onclose ' +
    'oncommand oncontentvisibilityautostatechange oncontextlost oncontextmenu oncontextrestored oncopy ' +
    'oncuechange oncut ondblclick ondrag ondragend ondragenter ondragleave ondragover ondragstart ondrop ' +
    'ondurationchange onemptied onended onerror onfocus onformdata onfreeze onfullscreenchange onfullscreenerror ' +
    'ongotpointercapture oninput oninvalid onkeydown onkeypress onkeyup onload onloadeddata onloadedmetadata ' +
    'onloadstart onlostpointercapture onmousedown onmouseenter onmouseleave onmousemove onmouseout onmouseover ' +
    'onmouseup onmousewheel onpaste onpause onplay onplaying onpointercancel onpointerdown onpointerenter ' +
    'onpointerleave onpointerlockchange onpointerlockerror onpointermove onpointerout onpointerover onpointerup ' +
    'onprerenderingchange onprogress onratechange onreadystatechange onreset onresize onresume onscroll ' +
    'onscrollend onscrollsnapchange onscrollsnapchanging onsearch onsecuritypolicyviolation onseeked onseeking ' +
    'onselect onselectionchange onselectstart onslotchange onstalled onsubmit onsuspend ontimeupdate ontoggle ' +
    'ontransitioncancel ontransitionend ontransitionrun ontransitionstart onvisibilitychange onvolumechange ' +
    'onwaiting onwebkitanimationend onwebkitanimationiteration onwebkitanimationstart onwebkitfullscreenchange ' +
    'onwebkitfullscreenerror onwebkittransitionend onwheel open outerHTML outerText ownerDocument parentElement ' +
    'parentNode part pictureInPictureElement pictureInPictureEnabled plugins pointerLockElement popover prefix ' +
    'prepend prerendering previousElementSibling previousSibling propertyIsEnumerable pseudo queryCommandEnabled ' +
    'queryCommandIndeterm queryCommandState queryCommandSupported queryCommandValue querySelector ' +
    'querySelectorAll readyState referrer rel relList releaseEvents releasePointerCapture remove removeAttribute ' +
    'removeAttributeNS removeAttributeNode removeChild removeEventListener replaceChild replaceChildren ' +
    'replaceWith reportValidity requestFullscreen requestPointerLock requestStorageAccess requestSubmit reset ' +
    'role rootElement scripts scroll scrollBy scrollHeight scrollIntoView scrollIntoViewIfNeeded scrollLeft ' +
    'scrollTo scrollTop scrollWidth scrollingElement setAttribute setAttributeNS setAttributeNode ' +
    'setAttributeNodeNS setHTML setHTMLUnsafe setPointerCapture shadowRoot showPopover slot spellcheck ' +
    'startViewTransition style styleSheets submit tabIndex tagName target textContent timeline title ' +
    'toLocaleString toString toggleAttribute togglePopover translate valueOf virtualKeyboardPolicy ' +
    'visibilityState vlinkColor wasDiscarded webkitCancelFullScreen webkitCurrentFullScreenElement ' +
    'webkitExitFullscreen webkitFullscreenElement webkitFullscreenEnabled webkitHidden webkitIsFullScreen ' +
    'webkitMatchesSelector webkitRequestFullScreen webkitRequestFullscreen webkitVisibilityState when write ' +
    'writeln writingSuggestions xmlEncoding xmlStandalone xmlVersion'
  ).split(' '),
);

const isElement = (node: P.ChildNode): node is P.Element => 'tagName' in node;

function textContent(node: P.ParentNode): string {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeName === '#text') text += (child as P.TextNode).value;
    else if (isElement(child)) text += textContent(child);
  }
  return text;
}

/** DOMPurify's _isUnsafeNode for an element: markup hidden in text, or a raw-text element holding markup. */
function isUnsafeElement(element: P.Element, tag: string): boolean {
  const hasElementChild = element.childNodes.some(isElement);
  if (
    element.childNodes.length > 0 &&
    !hasElementChild &&
    ELEMENT_MARKUP_PROBE.test(textContent(element)) &&
    ELEMENT_MARKUP_PROBE.test(serialize(element))
  ) {
    return true;
  }
  return (
    LITERAL_TEXT_ELEMENTS.has(tag) &&
    element.namespaceURI === HTML_NS &&
    (hasElementChild || ELEMENT_MARKUP_PROBE.test(textContent(element)))
  );
}

/** DOMPurify's _isValidAttribute for a name this pass allows on the tag. */
function isValidValue(tag: string, name: string, value: string): boolean {
  if ((name === 'id' || name === 'name') && DOCUMENT_PROPERTIES.has(value)) return false;
  if (URI_SAFE_ATTRIBUTES.has(name)) return true;
  if (IS_ALLOWED_URI.test(value.replace(ATTR_WHITESPACE, ''))) return true;
  if ((name === 'src' || name === 'href') && value.startsWith('data:') && DATA_URI_TAGS.has(tag)) return true;
  return !value;
}

/** DOMPurify's _sanitizeAttributes: last to first, values trimmed, each checked; the kept ones stay in place. */
function sanitizeAttributes(element: P.Element, tag: string): void {
  const allowed = ALLOWED[tag] ?? [];
  for (let l = element.attrs.length; l--; ) {
    const attr = element.attrs[l] as (typeof element.attrs)[number];
    const value = attr.name === 'value' ? attr.value : attr.value.trim();
    if (
      ATTR_VALUE_BREAKOUT.test(value) ||
      attr.namespace ||
      !allowed.includes(attr.name) ||
      !isValidValue(tag, attr.name, value)
    ) {
      element.attrs.splice(l, 1);
    } else {
      attr.value = value;
    }
  }
}

function keptElement(element: P.Element): KeptElement {
  const find = (name: string) => element.attrs.find((a) => a.name === name);
  return {
    tagName: element.tagName.toUpperCase(),
    hasAttribute: (name) => find(name) !== undefined,
    getAttribute: (name) => find(name)?.value ?? null,
    setAttribute: (name, value) => {
      const attr = find(name);
      if (attr) attr.value = value;
      else element.attrs.push({ name, value });
    },
    removeAttribute: (name) => {
      element.attrs = element.attrs.filter((a) => a.name !== name);
    },
  };
}

type Outcome = 'keep' | 'remove' | 'unwrap';

/** One node, as DOMPurify's walk treats it (its element checks, then its attributes and the hook). */
function sanitizeNode(node: P.ChildNode, origin: string): Outcome {
  if (node.nodeName === '#text') return 'keep';
  if (node.nodeName === '#comment') {
    COMMENT_MARKUP_PROBE.test((node as P.CommentNode).data);
    return 'remove';
  }
  if (!isElement(node)) return 'remove';
  const tag = node.tagName.toLowerCase();
  if (isUnsafeElement(node, tag)) return 'remove';
  if (!Object.hasOwn(ALLOWED, tag)) return FORBID_CONTENTS.has(tag) ? 'remove' : 'unwrap';
  if (node.namespaceURI !== HTML_NS) return 'remove';
  sanitizeAttributes(node, tag);
  adjustKeptElement(keptElement(node), origin);
  return 'keep';
}

/** The children of `parent` in document order; an element that gives way to its content is followed by that content. */
function sanitizeChildren(parent: P.ParentNode, origin: string): void {
  const nodes = parent.childNodes;
  for (let i = 0; i < nodes.length; ) {
    const node = nodes[i] as P.ChildNode;
    const outcome = sanitizeNode(node, origin);
    if (outcome === 'remove') {
      nodes.splice(i, 1);
    } else if (outcome === 'unwrap') {
      const children = (node as P.Element).childNodes;
      for (const child of children) child.parentNode = parent;
      nodes.splice(i, 1, ...children);
    } else {
      if (isElement(node)) sanitizeChildren(node, origin);
      i++;
    }
  }
}

/** The JSON blocks the flows read (EMBEDDED_BLOCK_IDS) leave the body, as in the browser. */
function removeEmbeddedBlocks(parent: P.ParentNode): void {
  parent.childNodes = parent.childNodes.filter((node) => {
    if (!isElement(node)) return true;
    const id = node.attrs.find((a) => a.name === 'id')?.value;
    if (id !== undefined && (EMBEDDED_BLOCK_IDS as readonly string[]).includes(id)) return false;
    removeEmbeddedBlocks(node);
    return true;
  });
}

/** The article body as sanitize-html.ts's DOMPurify pass writes it in a browser at `origin`. */
export function sanitizeArticleHtmlOnServer(html: string, origin: string): string {
  // As DOMParser's text/html: a whole document (scripting off), of which the body is kept.
  const document = parse(html, { scriptingEnabled: false });
  const htmlElement = document.childNodes.find(isElement);
  const body = htmlElement?.childNodes.find((n): n is P.Element => isElement(n) && n.tagName === 'body');
  if (!body) return '';
  const leadingWhitespace = LEADING_WHITESPACE.exec(html)?.[0];
  if (leadingWhitespace) {
    body.childNodes.unshift({ nodeName: '#text', value: leadingWhitespace, parentNode: body });
  }
  // The body itself is the walk's first node in DOMPurify (its probes run; it is kept whatever they say).
  isUnsafeElement(body, 'body');
  sanitizeChildren(body, origin);
  removeEmbeddedBlocks(body);
  return serialize(body);
}
