import type { AdminPost } from '../../api/content-posts.ts';

/** datetime-local wants local wall time without a zone. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The editor's fields as the form holds them: tags as one comma-separated line, the date as local wall time. */
export type PostValues = ReturnType<typeof postValues>;

export const postValues = (post: AdminPost | undefined) => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  author: post?.author ?? '',
  tags: post?.tags.join(', ') ?? '',
  publishedAt: toLocalInput(post?.publishedAt ?? null),
  bodyMarkdown: post?.bodyMarkdown ?? '',
  coverImageId: post?.coverImageId ?? null,
});

/** A new post is always worth saving; a saved one once any field differs from what the server has. */
export function isDirty(v: PostValues, post: AdminPost | undefined): boolean {
  if (!post) return true;
  const saved = postValues(post);
  return (Object.keys(saved) as (keyof PostValues)[]).some((k) => v[k] !== saved[k]);
}

/** What the create and update calls send: tags split, the slug only when given, the date as UTC. */
export const postBody = (v: PostValues, post: AdminPost | undefined) => ({
  title: v.title,
  excerpt: v.excerpt,
  author: v.author,
  bodyMarkdown: v.bodyMarkdown,
  tags: v.tags
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  coverImageId: v.coverImageId,
  ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
  ...(post || v.publishedAt
    ? { publishedAt: v.publishedAt ? new Date(v.publishedAt).toISOString() : null }
    : {}),
});
