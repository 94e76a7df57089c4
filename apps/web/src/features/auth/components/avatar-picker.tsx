import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { PROFILE_IMAGE_MAX_BYTES } from '@knotwork/shared/constants/limits';
import { notify } from '@/lib/toast.ts';

interface AvatarPickerProps {
  /** The saved avatar's URL (or the default avatar). */
  src: string;
  name: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** Shows the avatar, lets the user choose a new picture and previews it before it is saved. */
export function AvatarPicker({ src, name, file, onFileChange, disabled }: AvatarPickerProps) {
  const { t } = useTranslation('auth');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onPick = (picked: File | undefined) => {
    if (input.current) input.current.value = ''; // choosing the same file again must fire change again
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return void notify.error(t('profile.avatarType'));
    if (picked.size > PROFILE_IMAGE_MAX_BYTES)
      return void notify.error(t('profile.avatarTooLarge', { mb: PROFILE_IMAGE_MAX_BYTES / 1024 / 1024 }));
    onFileChange(picked);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3 }}>
      <Avatar
        src={preview ?? src}
        alt={name}
        data-testid="profile-avatar"
        sx={{ width: 112, height: 112, border: '3px solid', borderColor: 'background.paper', boxShadow: 2 }}
      />
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t('profile.choosePhoto')}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          {t('profile.changePhoto')}
        </Button>
        {file && (
          <Button size="small" color="inherit" onClick={() => onFileChange(null)} disabled={disabled}>
            {t('profile.undoPhoto')}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {file
          ? t('profile.photoPending')
          : t('profile.photoHint', { mb: PROFILE_IMAGE_MAX_BYTES / 1024 / 1024 })}
      </Typography>
    </Box>
  );
}
