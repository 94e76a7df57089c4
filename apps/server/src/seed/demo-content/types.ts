/** A blog post as the demo seeder writes it; Markdown body, fixed publication date (UTC ISO). */
export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  publishedAt: string;
  body: string;
}
