import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { notify } from '@/lib/toast.ts';
import { useToggleRugLike } from '@/lib/rug-like.ts';

/**
 * The heart of a lot: liking a rug puts it on the watchlist (told when the lot opens and 15 minutes before it
 * ends). Signed out, the sign-in dialog brings the visitor back here.
 */
export function LikeButton({
  rugId,
  liked,
  returnTo,
  onChange,
}: {
  rugId: string;
  liked: boolean;
  returnTo: string;
  onChange: (liked: boolean) => void;
}) {
  const { t } = useTranslation('bidding');
  const signedIn = useAuthStore((s) => s.user !== null);
  const toggle = useToggleRugLike();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const shown = optimistic ?? liked;

  const onClick = () => {
    if (!signedIn) {
      useAuthDialogStore.getState().show('login', { redirectTo: returnTo });
      return;
    }
    setOptimistic(!shown);
    toggle.mutate(
      { rugId, liked: shown },
      {
        onSuccess: (res) => {
          onChange(res.liked);
          notify.success(res.message);
        },
        onError: (error) => notify.fromError(error),
        onSettled: () => setOptimistic(null),
      },
    );
  };

  return (
    <Tooltip title={shown ? t('like.remove') : t('like.add')}>
      <IconButton
        onClick={onClick}
        aria-pressed={shown}
        aria-label={t('like.label')}
        disabled={toggle.isPending}
        sx={{ color: shown ? 'error.main' : 'text.primary' }}
      >
        {shown ? <Favorite /> : <FavoriteBorder />}
      </IconButton>
    </Tooltip>
  );
}
