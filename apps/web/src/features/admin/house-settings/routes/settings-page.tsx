import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { AdminPage } from '../../shell/admin-page.tsx';
import { BankTransferSection } from '../components/bank-transfer-section.tsx';
import { HouseSection } from '../components/house-section.tsx';
import { DefaultIncrementsSection } from '../components/default-increments-section.tsx';
import { DefaultPremiumSection } from '../components/default-premium-section.tsx';
import { ExchangeRatesSection } from '../components/exchange-rates-section.tsx';
import { SettlementsSection } from '../components/settlements-section.tsx';
import { ShippingSection } from '../components/shipping-section.tsx';
import { IdentitySection } from '../components/identity-section.tsx';
import { StrikesSection } from '../components/strikes-section.tsx';
import { ConditionReportsSection } from '../components/condition-reports-section.tsx';
import { CatalogueConditionsSection } from '../components/catalogue-conditions-section.tsx';
import { RegistrationSection } from '../components/registration-section.tsx';
import { DepositsSection } from '../components/deposits-section.tsx';
import { TelephoneSettingsSection } from '../../telephone-bids/components/telephone-settings-section.tsx';
import { AutopaySection } from '../components/autopay-section.tsx';
import { TaxRatesSection } from '../components/tax-rates-section.tsx';

/**
 * /admin/settings: what the house changes without a deploy (decision 064). Accounts read, admins change. Each
 * section is its own component (components/settings/); this page only lists them.
 */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('settings.title')} subject="settings">
      <Box sx={{ display: 'grid', gap: 6, minWidth: 0 }}>
        <HouseSection />
        <BankTransferSection />
        <ShippingSection />
        <TaxRatesSection />
        <DefaultPremiumSection />
        <DefaultIncrementsSection />
        <SettlementsSection />
        <IdentitySection />
        <RegistrationSection />
        <StrikesSection />
        <DepositsSection />
        <TelephoneSettingsSection />
        <ConditionReportsSection />
        <CatalogueConditionsSection />
        <AutopaySection />
        <ExchangeRatesSection />
      </Box>
    </AdminPage>
  );
}
