import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';

/** A drop zone for the CSV and (for rugs) the zip of photos; each also has its own labelled file button. */
export function FileDrop({
  csv,
  zip,
  allowZip,
  onCsv,
  onZip,
}: {
  csv: File | null;
  zip: File | null;
  allowZip: boolean;
  onCsv: (file: File | null) => void;
  onZip: (file: File | null) => void;
}) {
  const { t } = useTranslation('admin-import');
  const [over, setOver] = useState(false);
  const csvInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const take = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (/\.zip$/i.test(file.name)) {
        if (allowZip) onZip(file);
      } else onCsv(file);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'accent.main' : 'divider',
        borderRadius: '12px',
        bgcolor: over ? 'background.subtle' : 'background.paper',
        p: { xs: 4, sm: 6 },
        display: 'grid',
        gap: 3,
        justifyItems: 'center',
        textAlign: 'center',
      }}
    >
      <UploadFileOutlined sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography color="text.secondary">{t(allowZip ? 'drop.hintRugs' : 'drop.hintLots')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="outlined" onClick={() => csvInput.current?.click()}>
          {csv ? t('drop.csvChosen', { name: csv.name }) : t('drop.chooseCsv')}
        </Button>
        {allowZip && (
          <Button variant="outlined" onClick={() => zipInput.current?.click()}>
            {zip ? t('drop.zipChosen', { name: zip.name }) : t('drop.chooseZip')}
          </Button>
        )}
      </Box>
      <input
        ref={csvInput}
        type="file"
        accept=".csv,text/csv"
        aria-label={t('drop.chooseCsv')}
        hidden
        onChange={(e) => onCsv(e.target.files?.[0] ?? null)}
      />
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        aria-label={t('drop.chooseZip')}
        hidden
        onChange={(e) => onZip(e.target.files?.[0] ?? null)}
      />
    </Box>
  );
}
