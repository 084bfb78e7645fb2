import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { personalDataFileName } from '#shared/accounts/personal-data-file.ts';

/**
 * Fetches the signed-in user's data export and saves it as a file. Fetched rather than linked, so
 * a refusal (too many downloads, signed out) shows as a message instead of being saved as the file.
 */
export function useDownloadPersonalData() {
  return useMutation({
    mutationFn: async () => {
      const data = await apiRequest('/api/account/data', {
        schema: () =>
          import('#shared/accounts/personal-data.schema.ts').then((m) => m.personalDataExportSchema),
      });
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = personalDataFileName(data.exportedAt);
      link.click();
      // After the click has handed the file to the browser's download.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
