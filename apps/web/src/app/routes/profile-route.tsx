import ProfilePage from '@/features/auth/routes/profile-page.tsx';
import { AddressBook } from '@/features/addresses/components/address-book.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PaymentCardSection } from '@/features/checkout/components/payment-card-section.tsx';
import { CalendarFeedSection } from '@/features/calendar/components/calendar-feed-section.tsx';
import { NotificationSettingsLink } from '@/features/notifications/components/notification-settings-link.tsx';
import { IdentityLink } from '@/features/identity/components/identity-link.tsx';
import { CardPaymentProvider, useCardPayment } from './card-payment-context.tsx';

/** The "Payment card" section, fed by the card-payment context it sits in. */
function PaymentCard() {
  const { cardNumber } = useCardPayment();
  return <PaymentCardSection cardNumber={cardNumber} />;
}

/**
 * /profile: the account's details (auth feature) with the payment card and the address book (checkout and addresses features) below, inside
 * the card-payment context (SPEC.md 2). Composed here because features do not import each other.
 */
export default function ProfileRoute() {
  return (
    <CardPaymentProvider>
      <ProfilePage />
      <PageContainer sx={{ pb: { xs: 12, md: 16 } }}>
        <PaymentCard />
        <AddressBook />
        <NotificationSettingsLink />
        <IdentityLink />
        <CalendarFeedSection />
      </PageContainer>
    </CardPaymentProvider>
  );
}
