import ProfilePage from '@/features/auth/routes/profile-page.tsx';
import { AddressBook } from '@/features/addresses/components/address-book.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { CardPaymentProvider } from './card-payment-context.tsx';

/**
 * /profile: the account's details (auth feature) with the address book (addresses feature) below, inside
 * the card-payment context (SPEC.md 2). Composed here because features do not import each other.
 */
export default function ProfileRoute() {
  return (
    <CardPaymentProvider>
      <ProfilePage />
      <PageContainer sx={{ pb: { xs: 12, md: 16 } }}>
        <AddressBook />
      </PageContainer>
    </CardPaymentProvider>
  );
}
