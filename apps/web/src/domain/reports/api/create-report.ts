import { type ReportInput } from '@pinhole/contracts';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/reports`: 201 a new report, 200 the same one when this reader reported it before. */
export function useCreateReport() {
  return useExclusiveMutation({
    mutationFn: (input: ReportInput) => apiRequest('report', { body: input }),
    onError: (error) => console.error('Error reporting', error),
  });
}
