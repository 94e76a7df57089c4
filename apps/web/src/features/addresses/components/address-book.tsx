import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX_PER_USER, type Address } from '@knotwork/shared/schemas/addresses';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { asDefaultInput, useUpdateAddress } from '../api/update-address.ts';
import { AddressCard } from './address-card.tsx';
import { AddressDialog } from './address-dialog.tsx';
import { DeleteAddressDialog } from './delete-address-dialog.tsx';

/** The dialog keeps its address while it closes, so the closing form does not flash empty. */
interface Editing {
  open: boolean;
  address: Address | null;
}

/** The saved delivery addresses of the signed-in user: default first, add, edit, delete, set default. */
export function AddressBook() {
  const { t } = useTranslation('addresses');
  const addresses = useAddresses();
  const makeDefault = useUpdateAddress();
  const [editing, setEditing] = useState<Editing>({ open: false, address: null });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const list = addresses.data ?? [];
  const full = list.length >= ADDRESS_MAX_PER_USER;

  const setDefault = async (address: Address) => {
    try {
      const { message } = await makeDefault.mutateAsync({ id: address.id, input: asDefaultInput(address) });
      notify.success(message);
    } catch (error) {
      notify.fromError(error);
    }
  };

  const addButton = (
    <Button
      variant="contained"
      startIcon={<Add />}
      onClick={() => setEditing({ open: true, address: null })}
      disabled={full || !addresses.data}
    >
      {t('add')}
    </Button>
  );

  return (
    <Box component="section" aria-labelledby="address-book-title" data-testid="address-book">
      <Box
        sx={{
          display: 'flex',
          alignItems: { sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 4,
          flexWrap: 'wrap',
          mb: 6,
        }}
      >
        <Box>
          <Typography id="address-book-title" component="h2" variant="h5">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {full ? t('full', { max: ADDRESS_MAX_PER_USER }) : t('subtitle')}
          </Typography>
        </Box>
        {list.length > 0 && addButton}
      </Box>
      {addresses.isError ? (
        <ErrorState
          message={errorMessage(addresses.error, t('loadError'))}
          retryLabel={t('retry')}
          onRetry={() => void addresses.refetch()}
        />
      ) : !addresses.data ? (
        <Box
          role="status"
          aria-busy="true"
          aria-label={t('loading')}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
            gap: 4,
          }}
        >
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={190} />
          ))}
        </Box>
      ) : list.length === 0 ? (
        <Box
          sx={{ border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: `${radius.card}px` }}
        >
          <EmptyState
            headingComponent="h3"
            icon={<HomeOutlined />}
            title={t('emptyTitle')}
            description={t('emptyBody')}
            action={addButton}
          />
        </Box>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
            gap: 4,
          }}
        >
          {list.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={makeDefault.isPending}
              onEdit={() => setEditing({ open: true, address })}
              onDelete={() => setDeleting(address)}
              onMakeDefault={() => void setDefault(address)}
            />
          ))}
        </Box>
      )}
      <AddressDialog
        open={editing.open}
        address={editing.address}
        firstAddress={list.length === 0}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
