// The server render's article sanitiser (lib/kb/sanitize-html-server.ts, docs/ssr.md "Sanitising on the server")
// against the browser's: DOMPurify with the same rules, here on jsdom's window (the DOM the server used before).
// Within what an article can hold (the importer's tags and attributes) the two must write the same bytes, or the
// server's page and the browser's hydration disagree; outside it the server's pass may only be stricter.
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../src/lib/kb/sanitize-html';
import { sanitizeArticleHtmlOnServer } from '../src/lib/kb/sanitize-html-server';

const origin = window.location.origin;
const articleTags =
  'p br hr h2 h3 h4 strong b em i u small blockquote code pre ul ol li a img table thead tbody tr th td div span'.split(
    ' ',
  );
const onServer = (html: string) => sanitizeArticleHtmlOnServer(html, origin);

/** Bodies as the importer stores them (marked, then sanitize-html): every tag and attribute it keeps. */
const articleBodies = [
  '',
  'plain text only',
  '   \n leading whitespace kept',
  '<p>When we approve a refund, you can usually choose where the money goes.</p>\n<table>\n<thead>\n<tr>\n<th>Refund to</th>\n<th colspan="2">Time</th>\n</tr>\n</thead>\n<tbody><tr>\n<td rowspan="1">In-app wallet</td>\n<td>Instant</td>\n</tr>\n</tbody></table>\n<h2>Track your refund</h2>\n<ol>\n<li>Open <strong>Menu &gt; Payments &gt; Refunds</strong>.</li>\n<li>Tap the refund &amp; see its status.</li>\n</ol>',
  '<h3>Quotes</h3><blockquote><p>&quot;Double&quot; and &#39;single&#39; quotes, &lt;tags&gt; as text, a&nbsp;non-breaking space, é, 😀</p></blockquote>',
  '<pre><code>const a = 1 &lt; 2;\n  indented\n</code></pre><p><code>inline &lt;b&gt;</code> <em>em</em> <i>i</i> <b>b</b> <u>u</u> <small>small</small><br />line<br>two</p><hr />',
  '<ul><li>one<ul><li>nested</li></ul></li><li><span class="note">span</span></li></ul><div class="tip" hidden>hidden div</div><div hidden="">empty hidden</div>',
  // links: on the site, off it, relative, mailto and tel, with the importer's rel and an author's target
  '<p><a href="/article/21" rel="noopener noreferrer">here</a> <a href="https://elsewhere.example/x?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">off</a> <a href="article/9" title="Relative" rel="noopener noreferrer" target="_self">rel</a></p>',
  `<p><a href="${origin}/kb" rel="noopener noreferrer" target="_blank">absolute on site</a> <a href="mailto:help@example.in" rel="noopener noreferrer">mail</a> <a href="tel:+911234" rel="noopener noreferrer">call</a> <a href="#top" rel="noopener noreferrer">top</a> <a rel="noopener noreferrer">no href</a> <a href="" rel="noopener noreferrer">empty</a></p>`,
  '<p><a href=" https://elsewhere.example/ " title=" padded " rel="noopener noreferrer">trimmed</a></p>',
  // images with and without alt, sizes, an empty alt
  '<p><img src="/uploads/a.png" alt="A receipt" width="300" height="200" /><img src="https://cdn.example/b.png" /><img src="c.png" alt="" /></p>',
  // the flows' JSON blocks leave the body wherever they are
  '<p>Before</p><div id="Feedback" hidden>{"reasons":["a","b"]}</div><div id="Csat" hidden>{"x":1}</div><div id="refund-initiated">{}</div><div><div id="driver_app_city_numbers">[]</div>after</div><div id="Feedback|Csat|refund-initiated">kept</div>',
  '<div id="faq-1">an author\'s anchor</div><div id="title">a document property</div><div id="body">another</div>',
  // what the HTML parser rearranges: a block inside a paragraph, a table without tbody, stray end tags
  '<p>one<div>block</div>two</p><table><tr><td>no tbody</td></tr></table></p></div><li>stray li',
  // attribute values DOMPurify drops
  '<p><img src="x.png" alt="a --> b" /><a href="/x" title="a /> b" rel="noopener noreferrer">t</a><img src="y.png" alt="</title>" /></p>',
  // URLs: data: images are kept by DOMPurify, other schemes are not
  '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="" /><a href="javascript:alert(1)">js</a><a href="foo:bar">unknown scheme</a><a href="JAVA&#x09;SCRIPT:alert(1)">tab</a></p>',
];

/** Attacks and markup no importer would store: the server's pass must be safe, and never looser than DOMPurify. */
const hostile = [
  '<script>alert(1)</script><p onclick="alert(1)">x</p>',
  '<img src=x onerror=alert(1)//>',
  '<svg><g/onload=alert(2)//<p>',
  '<p>abc<iframe//src=jAva&Tab;script:alert(3)>def</p>',
  '<math><mi//xlink:href="data:x,<script>alert(4)</script>">',
  '<TABLE><tr><td>HELLO</tr></TABL>',
  '<UL><li><A HREF=//google.com>click</UL>',
  '<form><input name="attributes"><p>inside a form</p></form>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<style><img src=x onerror=alert(1)></style><template><img src=x onerror=alert(1)></template>',
  '<a href="javascript&colon;alert(1)">x</a><a href="&#106;avascript:alert(1)">y</a>',
  '<p style="color:red" data-x="1" aria-label="label">styled</p><h1>Heading</h1><section><sup>2</sup></section>',
  '<!-- a comment --><p>after a comment</p><!--<img src=x onerror=alert(1)>-->',
  '<p>a &lt;b <!-- c --></p><p>&lt;/p&gt;text</p>',
  '<xmp><img src=x onerror=alert(1)></xmp><textarea><img src=x></textarea>',
  '<frameset><frame src="x"></frameset>',
  '<svg><a href="/x">svg link</a></svg><math><a href="/y">math link</a></math>',
  '<div id="Feedback"><script>alert(1)</script></div><button>press</button><select><option>o</option></select>',
];

describe("the server render's article sanitiser (docs/ssr.md)", () => {
  it.each(articleBodies)('writes what the browser writes for an article body (%#)', (html) => {
    expect(onServer(html)).toBe(sanitizeArticleHtml(html));
  });

  it('changes the bodies as the browser does: the JSON blocks go, links off the site open apart, images get alt', () => {
    const out = onServer(
      '<div id="Csat">{}</div><a href="https://elsewhere.example/" rel="noopener noreferrer">o</a><a href="/kb" target="_blank">i</a><img src="a.png">',
    );
    expect(out).toBe(
      '<a href="https://elsewhere.example/" rel="noopener noreferrer" target="_blank">o</a><a href="/kb">i</a><img src="a.png" alt="">',
    );
  });

  it.each(hostile)('is safe, and no looser than DOMPurify, on hostile markup (%#)', (html) => {
    const out = onServer(html);
    // Nothing that runs: no script-bearing element, no handler, no script URL.
    expect(out).not.toMatch(
      /<(script|iframe|svg|math|style|template|form|input|button|select|textarea|noscript|xmp)\b/i,
    );
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/javascript:/i);
    // Only the tags an article may hold.
    for (const [, tag] of out.matchAll(/<([a-z0-9]+)/gi)) expect(articleTags).toContain(tag);
    // And it is the browser's HTML whenever that holds only what an article may (else it is a part of it).
    const browser = sanitizeArticleHtml(html);
    if (onServer(browser) === browser) expect(out).toBe(browser);
  });
});
