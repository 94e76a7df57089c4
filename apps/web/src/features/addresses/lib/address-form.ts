import type { Address } from '@knotwork/shared/schemas/addresses';

/** What the address dialog holds: every field a string (empty when not given), as the inputs give it. */
export interface AddressFormState {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

export const ADDRESS_FIELDS = [
  'name',
  'phone',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'country',
  'isDefault',
] as const;

export function formStateOf(
  address: Address | null,
  { firstAddress }: { firstAddress: boolean },
): AddressFormState {
  if (!address) {
    return {
      name: '',
      phone: '',
      line1: '',
      line2: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      isDefault: firstAddress,
    };
  }
  return {
    name: address.name,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country,
    isDefault: address.isDefault,
  };
}
