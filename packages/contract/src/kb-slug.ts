// Zod-free and tiny: the web's article page and the server's sitemap read it (issue 19 item 2, docs/kb-site.md).

/** Longest slug kept: enough words to read, short enough for a link. */
const MAX_SLUG_LENGTH = 80;

/**
 * The readable part of an article's address, from its title: lower-case, accents dropped (ASCII where possible),
 * every other run of characters a single hyphen. A title with no Latin letters or digits (a Hindi title) has no
 * slug: its address is the id alone.
 */
export function articleSlug(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[’']/g, '')
    .replace(/&/g, ' and ')
    .toLowerCase();
  // A title in another script (Devanagari, Tamil …) keeps only stray Latin words or numbers: no slug then.
  if (/[^\p{Script=Latin}\p{N}\p{P}\p{S}\p{Z}\p{M}]/u.test(ascii)) return '';
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** An article's readable address: /article/{id}-{slug}, or /article/{id} when the title gives no slug. */
export function articlePath(id: string, title: string): string {
  const slug = articleSlug(title);
  return `/article/${encodeURIComponent(id)}${slug ? `-${slug}` : ''}`;
}

/**
 * The article id of an /article/:id segment: "123-how-refunds-work" and "123" both give "123". Ids are digits; a
 * segment that does not start with digits and a hyphen is taken whole (an id as it is).
 */
export function articleIdOf(segment: string): string {
  const m = /^(\d+)-[a-z0-9-]*$/i.exec(segment);
  return m?.[1] ?? segment;
}
