import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/instance`: the instance's name, description, rules, contact and numbers. */
export function useInstance() {
  return useQuery({
    queryKey: queryKeys.instance,
    queryFn: ({ signal }) => apiRequest('instance', { signal }),
  });
}
