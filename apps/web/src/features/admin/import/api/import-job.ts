import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportJob } from '@knotwork/shared/schemas/import-staff';
import { api } from '@/lib/api-client.ts';

/** GET /admin/import/jobs/:id, polled every 700 ms while the import runs; the rugs grid refetches when it ends. */
export function useImportJob(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'import-job', id],
    queryFn: async ({ signal }) => {
      const job = (await api<{ data: ImportJob }>(`/admin/import/jobs/${id}`, { signal })).data;
      if (job.status !== 'running') void client.invalidateQueries({ queryKey: ['admin', 'rugs'] });
      return job;
    },
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 700 : false),
  });
}
