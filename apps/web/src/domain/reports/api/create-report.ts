import { type ReportInput } from '@pinhole/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/reports`: 201 a new report, 200 the same one when this reader reported it before. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => apiRequest('report', { body: input }),
    onError: (error) => console.error('Error reporting', error),
  });
}
