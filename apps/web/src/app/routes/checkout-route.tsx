import { CheckoutPage } from '@/features/checkout/routes/checkout-page.tsx';
import { AddressDialog } from '@/features/addresses/components/address-dialog.tsx';

/**
 * /checkout: the checkout page with the address book's own dialog for adding an address inline. Composed here
 * because features do not import each other.
 */
export default function CheckoutRoute() {
  return (
    <CheckoutPage
      renderAddressDialog={({ open, firstAddress, onClose }) => (
        <AddressDialog open={open} address={null} firstAddress={firstAddress} onClose={onClose} />
      )}
    />
  );
}
