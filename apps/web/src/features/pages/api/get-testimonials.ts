import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

/** GET /misc/testimonials: what buyers said, with a 1 to 5 rating. */
export async function getTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  return (await api<{ data: Testimonial[] }>('/misc/testimonials', { signal })).data;
}

export const testimonialsQueryOptions = queryOptions({
  queryKey: ['content', 'testimonials'],
  queryFn: ({ signal }) => getTestimonials(signal),
  staleTime: 30 * 60_000,
});

export function useTestimonials() {
  return useQuery(testimonialsQueryOptions);
}
