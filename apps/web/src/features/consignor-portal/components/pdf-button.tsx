import { useState } from 'react';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { notify } from '@/lib/toast.ts';

/** A button that downloads a PDF, busy while it is fetched; a failure is the server's message in a toast. */
export function PdfButton({
  label,
  download,
  testId,
}: {
  label: string;
  download: () => Promise<void>;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<PictureAsPdfOutlined />}
      disabled={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        download()
          .catch((error: unknown) => notify.fromError(error))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}
