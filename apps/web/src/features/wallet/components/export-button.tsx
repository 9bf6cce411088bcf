import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { translateApiError } from '../../../lib/translate-message';
import type { ExportFile } from '../api/download-export';
import { saveFile } from '../save-file';

type ExportButtonProps = { download: () => Promise<ExportFile>; testId: string };

/** "Export CSV": fetches the file with the member's token and saves it; a failure is told in words. */
export function ExportButton({ download, testId }: ExportButtonProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const exporting = useMutation({
    mutationFn: download,
    onSuccess: ({ blob, fileName, isTruncated }) => {
      saveFile(blob, fileName);
      if (isTruncated) dialogs.toast(t('wallet.records.export_truncated'));
    },
    onError: (error) => {
      void dialogs.alert({ message: translateApiError(t, error) });
    },
  });
  return (
    <button
      type="button"
      className="button button--ghost"
      data-testid={testId}
      aria-busy={exporting.isPending}
      disabled={exporting.isPending}
      onClick={() => {
        exporting.mutate();
      }}
    >
      {t(exporting.isPending ? 'wallet.records.exporting' : 'wallet.records.export')}
    </button>
  );
}
