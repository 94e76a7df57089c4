import { describe, expect, it } from 'vitest';
import type { AdminPost } from '@knotwork/shared/schemas/content-staff';
import {
  isDirty,
  postBody,
  postValues,
} from '@/features/admin/content/components/post-editor/post-values.ts';

const post: AdminPost = {
  id: 'p1',
  slug: 'reading-a-heriz',
  title: 'Reading a Heriz',
  author: 'A. Curator',
  status: 'draft',
  publishedAt: '2026-11-28T09:30:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  version: 3,
  excerpt: 'Knots and colours',
  bodyMarkdown: '# Heriz',
  tags: ['heriz', 'persian'],
  coverImageId: null,
  coverImage: null,
};

describe('the post editor values', () => {
  it('a saved post is not dirty until a field changes, and each field counts', () => {
    const v = postValues(post);
    expect(isDirty(v, post)).toBe(false);
    for (const [k, changed] of Object.entries({
      title: 'x',
      slug: 'x',
      excerpt: 'x',
      author: 'x',
      tags: 'heriz',
      publishedAt: '',
      bodyMarkdown: 'x',
      coverImageId: 'img',
    })) {
      expect(isDirty({ ...v, [k]: changed }, post), k).toBe(true);
    }
    expect(isDirty(postValues(undefined), undefined)).toBe(true);
  });

  it('sends tags split and trimmed, the slug only when given, the local date back as the same instant', () => {
    const body = postBody({ ...postValues(post), tags: ' a, ,b ', slug: '  ' }, post);
    expect(body.tags).toEqual(['a', 'b']);
    expect(body).not.toHaveProperty('slug');
    expect(body.publishedAt).toBe(post.publishedAt);
    // A new post with no date sends none (the server keeps it a draft without a date).
    expect(postBody(postValues(undefined), undefined)).not.toHaveProperty('publishedAt');
    // An edited post whose date was cleared sends null.
    expect(postBody({ ...postValues(post), publishedAt: '' }, post).publishedAt).toBeNull();
  });
});
