import { CheckoutPage } from '@/features/checkout/routes/checkout-page.tsx';
import { AddressDialog } from '@/features/addresses/components/address-dialog.tsx';
import { useIdentityStatus } from '@/features/identity/api/identity-status.ts';
import { IdentityRequiredNotice } from '@/features/identity/components/identity-required-notice.tsx';

/**
 * /checkout: the checkout page with the address book's own dialog for adding an address inline, and the identity
 * check's notice when paying must wait for it. Composed here because features do not import each other.
 */
export default function CheckoutRoute() {
  // Above the identity threshold without an approved check, paying waits (decision 093): the notice replaces the ways to pay.
  const identity = useIdentityStatus().data;
  const gate = identity?.required ? <IdentityRequiredNotice status={identity} /> : null;
  return (
    <CheckoutPage
      paymentGate={gate}
      renderAddressDialog={({ open, firstAddress, onClose }) => (
        <AddressDialog open={open} address={null} firstAddress={firstAddress} onClose={onClose} />
      )}
    />
  );
}
