import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An article's English title and the languages it is translated into (hreflang alternates, docs/ssr.md). */
export async function findArticleAlternates(
  db: Kysely<Database>,
  articleId: string,
): Promise<{ englishTitle: string; locales: string[] } | null> {
  const article = await db.selectFrom('articles').select('title').where('id', '=', articleId).executeTakeFirst();
  if (!article) return null;
  const rows = await db
    .selectFrom('article_translations')
    .select('locale')
    .where('article_id', '=', articleId)
    .orderBy('locale')
    .execute();
  return { englishTitle: article.title, locales: rows.map((r) => r.locale) };
}
