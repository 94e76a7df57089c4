import type { Language } from '@knotwork/shared/constants/languages';
import { formatAddress } from '@knotwork/shared/addresses/formats';
import type { AdminConsignor } from '@knotwork/shared/schemas/consignors-staff';
import { mailT } from '../../mail/mail-i18n.ts';
import { countryNameIn } from '@knotwork/shared/addresses/formats';

/** What a consignor's documents print of them: the staff answer's fields, so a route passes its consignor as is. */
export type ConsignorParty = Pick<AdminConsignor, 'name' | 'company' | 'address' | 'vatNumber'>;

/** Name, company, the address as its country writes it (decision 073) and the VAT number, one string per line. */
export function consignorLines(c: ConsignorParty, language: Language): string[] {
  const lines = c.address
    ? formatAddress(
        { ...c.address, name: c.name, organisation: c.company },
        { countryName: countryNameIn(c.address.country, language) },
      )
    : [c.name, c.company ?? ''].filter(Boolean);
  if (c.vatNumber) lines.push(mailT(language)('documents.taxNumber', { number: c.vatNumber }));
  return lines;
}
